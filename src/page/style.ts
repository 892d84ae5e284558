/** The page's one stylesheet: Swiss/Bauhaus grid, monospace, three primaries, no external assets. */
export const STYLE = `
:root{--paper:#f2efe6;--ink:#111;--muted:#555;--card:#fffdf7;--red:#d9261c;--blue:#1f3fa8;--yellow:#f0b800;
--mono:ui-monospace,"SFMono-Regular","JetBrains Mono",Menlo,Consolas,"Liberation Mono",monospace}
*{box-sizing:border-box}
html{background:var(--paper);color:var(--ink)}
body{margin:0;font:14px/1.6 var(--mono);-webkit-font-smoothing:antialiased}
a{color:inherit;text-decoration-thickness:1px;text-underline-offset:3px}
a:hover{color:var(--red)}
:focus-visible{outline:2px solid var(--blue);outline-offset:2px}
.wrap{max-width:1180px;margin:0 auto;padding:40px 32px 80px}
header{display:grid;grid-template-columns:1fr auto;align-items:end;gap:24px;border-bottom:6px solid var(--ink);padding-bottom:28px}
.kicker{font-size:11px;letter-spacing:.18em;text-transform:uppercase;margin:0 0 12px;color:var(--muted)}
h1{font-size:clamp(44px,9vw,104px);line-height:.86;letter-spacing:-.06em;margin:0;font-weight:800}
h1 span{color:var(--red)}
.marks{display:flex;gap:10px;align-items:end}
.marks i{display:block;width:44px;height:44px}
.marks .c{background:var(--red);border-radius:50%}
.marks .s{background:var(--blue)}
.marks .t{width:0;height:0;border-left:24px solid transparent;border-right:24px solid transparent;border-bottom:44px solid var(--yellow)}
.endpoint{display:flex;flex-wrap:wrap;align-items:stretch;margin-top:28px;border:2px solid var(--ink);background:var(--card)}
.endpoint .verb{background:var(--ink);color:var(--paper);padding:12px 16px;font-weight:700;letter-spacing:.08em}
.endpoint code{flex:1;padding:12px 16px;font-size:16px;overflow-wrap:anywhere}
.endpoint button{border-left:2px solid var(--ink)}
section{display:grid;grid-template-columns:220px minmax(0,1fr);gap:32px;padding:44px 0;border-bottom:1px solid var(--ink)}
section>h2{margin:0;font-size:12px;letter-spacing:.16em;text-transform:uppercase;font-weight:700}
section>h2 b{display:block;font-size:56px;line-height:1;letter-spacing:-.05em;margin-bottom:10px}
#about h2 b{color:var(--red)}#connect h2 b{color:var(--blue)}#tools h2 b{color:var(--yellow)}#try h2 b{color:var(--red)}#skill h2 b{color:var(--blue)}
p{margin:0 0 14px;max-width:72ch}
.lead{font-size:18px;line-height:1.5;letter-spacing:-.01em}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(170px,1fr));border-top:1px solid var(--ink);border-left:1px solid var(--ink);margin:22px 0 0;padding:0;list-style:none}
.facts li{border-right:1px solid var(--ink);border-bottom:1px solid var(--ink);padding:12px 14px}
.facts b{display:block;font-size:24px;letter-spacing:-.03em}
.facts small{color:var(--muted);font-size:11px;text-transform:uppercase;letter-spacing:.1em}
pre{margin:0;background:var(--card);border:1px solid var(--ink);padding:14px 16px;overflow:auto;font:13px/1.55 var(--mono);white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:var(--mono)}
button{font:700 11px/1 var(--mono);letter-spacing:.12em;text-transform:uppercase;background:var(--ink);color:var(--paper);border:0;padding:10px 14px;cursor:pointer;min-width:88px}
button:hover{background:var(--blue)}
button[data-state=copied]{background:var(--red)}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(330px,1fr));border-top:1px solid var(--ink);border-left:1px solid var(--ink)}
.cell{border-right:1px solid var(--ink);border-bottom:1px solid var(--ink);padding:18px;display:flex;flex-direction:column;gap:10px;min-width:0}
.cell-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
h3{margin:0;font-size:15px;letter-spacing:-.01em}
.where,.note{color:var(--muted);font-size:12px;margin:0}
.config pre.json{white-space:pre;overflow-wrap:normal;font-size:12px}
.other{background:var(--ink);color:var(--paper)}
.other .where{color:#bdb9ae}
.other dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:6px 14px;font-size:13px}
.other dt{color:var(--yellow);text-transform:uppercase;letter-spacing:.1em;font-size:11px;padding-top:2px}
.other dd{margin:0;overflow-wrap:anywhere}
.other a{color:var(--paper)}
.tool{border-top:1px solid var(--ink);padding:22px 0}
.tool:first-of-type{border-top:0;padding-top:0}
.tool h3{font-size:18px;margin-bottom:8px}
.tool h3::before{content:"→ ";color:var(--red)}
table{border-collapse:collapse;width:100%;font-size:13px;margin-top:6px}
th,td{text-align:left;vertical-align:top;border-top:1px solid var(--ink);padding:8px 10px 8px 0}
th{font-size:11px;letter-spacing:.12em;text-transform:uppercase;color:var(--muted);font-weight:400}
td:first-child{white-space:nowrap;font-weight:700}
td:nth-child(2){white-space:nowrap}
.req{color:var(--red)}
.opt{color:var(--muted)}
form{display:flex;flex-wrap:wrap;gap:0;border:2px solid var(--ink);margin-bottom:18px;background:var(--card)}
form label{background:var(--ink);color:var(--paper);padding:12px 14px;font-weight:700}
form input{flex:1;min-width:160px;font:15px var(--mono);border:0;padding:12px 14px;background:transparent;color:var(--ink)}
form input:focus{outline:none}
form:focus-within{outline:2px solid var(--blue);outline-offset:2px}
.io{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:18px}
.io h4{margin:0 0 8px;font-size:11px;letter-spacing:.14em;text-transform:uppercase}
.io pre{max-height:420px}
.status{color:var(--red);margin-left:8px}
.hits{list-style:none;margin:0 0 12px;padding:0;border-top:1px solid var(--ink)}
.hits li{border-bottom:1px solid var(--ink);padding:7px 0;display:flex;gap:12px}
.hits .num{color:var(--red);min-width:5ch}
.hits .code{margin-left:auto;color:var(--muted);font-size:12px}
footer{padding-top:24px;color:var(--muted);font-size:12px;display:flex;flex-wrap:wrap;gap:8px 24px}
.offscreen{position:absolute;left:-9999px;top:0}
@media (max-width:760px){.wrap{padding:24px 16px 56px}section{grid-template-columns:minmax(0,1fr);gap:16px;padding:32px 0}thead{display:none}table,tbody,tr,td{display:block}tr{border-top:1px solid var(--ink);padding:8px 0}td{border:0;padding:2px 0}td:nth-child(2){white-space:normal}.io{grid-template-columns:minmax(0,1fr)}header{grid-template-columns:1fr}.marks{display:none}.grid{grid-template-columns:1fr}}
`;
