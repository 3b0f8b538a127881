/// The clinician's report's one stylesheet, inline: on screen light or dark from the system;
/// on paper (A4 or Letter, whichever the printer has: no page size is forced) black on white,
/// 10 pt, tables whose heads repeat on each page and whose rows never split, headings kept with
/// what follows, and nothing wider than the page (long notes wrap). On paper a log entry's time
/// may go under its date and the note takes a quarter of the width: German's long column heads
/// (Bedarfsspray, Eingeschränkt, Stichwörter) left the note ~4 characters wide, a word a line.
enum InsightsHTMLStyle {
    static let css = """
    :root{--bg:#fff;--ink:#111;--muted:#555;--line:#ccc;--bad:#fdecea;--suspect:#fff4d6}
    @media (prefers-color-scheme:dark){:root{--bg:#15181b;--ink:#e8eaed;--muted:#a3abb3;--line:#3a4048;--bad:#3b2323;--suspect:#3a3220}}
    *{box-sizing:border-box}
    body{margin:0 auto;max-width:980px;padding:16px;background:var(--bg);color:var(--ink);font:14px/1.4 system-ui,"DejaVu Sans",sans-serif}
    h1{font-size:1.4rem;margin:0 0 4px}
    h2{font-size:1.05rem;margin:18px 0 6px;border-bottom:1px solid var(--line);padding-bottom:2px}
    .meta,.small{color:var(--muted);font-size:.85rem}
    p{margin:4px 0}
    ul{margin:4px 0;padding-left:20px}
    .wide{overflow-x:auto}
    table{border-collapse:collapse;width:100%;font-size:.85rem;margin:4px 0}
    th,td{text-align:left;padding:3px 6px;border-bottom:1px solid var(--line);vertical-align:top}
    thead th{font-weight:600;color:var(--muted)}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
    td.t{white-space:nowrap}
    td.note{overflow-wrap:anywhere;max-width:22em}
    tr.bad td{background:var(--bad)}
    tr.suspect td{background:var(--suspect)}
    .zone{font-weight:600}
    .zone.green::before{content:"● ";color:#2e7d32}
    .zone.yellow::before{content:"● ";color:#c79100}
    .zone.red::before{content:"● ";color:#c62828}
    @page{margin:14mm 12mm}
    @media print{:root{--bg:#fff;--ink:#000;--muted:#333;--line:#999;--bad:#f3f3f3;--suspect:#e8e8e8}
      body{max-width:none;padding:0;font-size:9.5pt}
      h2{break-after:avoid;page-break-after:avoid}
      thead{display:table-header-group}
      tr,li{break-inside:avoid;page-break-inside:avoid}
      #summary,#control,#methods{break-inside:avoid}
      .wide{overflow:visible}
      td.when{white-space:normal}
      td.when span{white-space:nowrap}
      td.note{width:25%}
      table{font-size:8.5pt}
      th,td{padding:2px 4px}
      *{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
    """
}
