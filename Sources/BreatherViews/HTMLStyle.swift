/// The dashboard's one stylesheet, inline: light and dark from the system
/// (`prefers-color-scheme`), one column on a phone, print on white without the chrome. No
/// web font: the system's sans-serif.
enum HTMLStyle {
    static let css = """
    :root{--bg:#f6f7f9;--card:#fff;--ink:#1b1f24;--muted:#5b6570;--line:#d9dee3;--warn:#b3261e}
    @media (prefers-color-scheme:dark){:root{--bg:#14171a;--card:#1e2227;--ink:#e8eaed;--muted:#a3abb3;--line:#39404a;--warn:#ff8a80}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
    header,main,footer{max-width:1040px;margin:0 auto;padding:0 16px}
    header{padding-top:16px}
    h1{font-size:1.6rem;margin:0 0 2px;overflow-wrap:anywhere}
    h2{font-size:1rem;margin:0 0 8px;color:var(--muted);font-weight:600}
    h3{font-size:.95rem;margin:14px 0 6px;color:var(--muted)}
    .meta,.small{color:var(--muted);font-size:.85rem;margin:4px 0}
    .stale,.error{color:var(--warn)}
    .error{font-size:.85rem;overflow-wrap:anywhere}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:12px;margin:14px 0}
    .card,section:not(.cards){background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px}
    section:not(.cards){margin:12px 0}
    .card p{margin:6px 0}
    .index{display:flex;align-items:center;gap:10px;flex-wrap:wrap}
    .chip{display:inline-block;min-width:3.2rem;padding:4px 10px;border-radius:8px;font-size:1.9rem;font-weight:700;text-align:center;
      border:1px solid rgba(0,0,0,.25)}
    .chip.small{min-width:2.2rem;padding:0 6px;font-size:.9rem;border-radius:5px}
    .word{font-size:1.15rem;font-weight:600}
    dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:6px 0}
    dt{color:var(--muted)} dd{margin:0;font-weight:600}
    figure{margin:0}
    svg.chart{width:100%;height:auto;display:block;color:var(--ink)}
    svg.narrow{display:none}
    @media (max-width:600px){svg.wide{display:none}svg.narrow{display:block}}
    figcaption{font-size:.8rem;color:var(--muted);margin-top:4px}
    .key{white-space:nowrap;margin-right:10px}
    .key i{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:4px;vertical-align:-1px;border:1px solid rgba(0,0,0,.3)}
    .table{overflow-x:auto}
    table{border-collapse:collapse;width:100%;font-size:.9rem}
    th,td{text-align:left;padding:6px 8px;border-top:1px solid var(--line);vertical-align:top}
    thead th{border-top:0;color:var(--muted);font-weight:600}
    ul.pollen{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:6px 16px}
    .level{color:var(--muted)}
    .level.high,.level.very_high{color:var(--warn);font-weight:600}
    footer{color:var(--muted);font-size:.8rem;padding-bottom:20px}
    code{font-size:.9em}
    @media (max-width:480px){h1{font-size:1.3rem}.chip{font-size:1.5rem}header,main,footer{padding:0 10px}header{padding-top:10px}}
    @media print{:root{--bg:#fff;--card:#fff;--ink:#000;--muted:#333;--line:#bbb}
      body{font-size:11pt}section,.card{break-inside:avoid}.cards{grid-template-columns:repeat(2,1fr)}
      *{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
    """
}
