/// The catalogs built into the binary, one table per language (Catalog+<language>.swift,
/// made from po/<language>.po by scripts/po2swift.py).
enum Catalogs {}
