// The MCP page's one script (src/page/page.ts loads it), plain browser JavaScript served as a static file:
// copy buttons, and the live example: a real 2026-07-28 tools/call to this same endpoint.
(function () {
  "use strict";
  var body = document.body;
  // Same origin as the page by construction: behind proxies the server may not know its public origin.
  var endpoint = location.origin + body.getAttribute("data-path");
  var protocol = body.getAttribute("data-protocol");
  var live = document.getElementById("live");

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "offscreen";
      body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      body.removeChild(area);
      ok ? resolve() : reject(new Error("copy failed"));
    });
  }

  function flash(button, label, state) {
    var original = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", original);
    button.textContent = label;
    button.setAttribute("data-state", state);
    live.textContent = label;
    clearTimeout(button._timer);
    button._timer = setTimeout(function () {
      button.textContent = original;
      button.removeAttribute("data-state");
    }, 1800);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var source = document.getElementById(button.getAttribute("data-copy"));
    copyText(source.textContent).then(
      function () { flash(button, "Copied", "copied"); },
      function () { flash(button, "Press Ctrl+C", "failed"); }
    );
  });

  var form = document.getElementById("try-form");
  var input = document.getElementById("try-query");
  var requestPane = document.getElementById("try-request");
  var responsePane = document.getElementById("try-response");
  var statusLine = document.getElementById("try-status");
  var hits = document.getElementById("try-hits");

  function build(query) {
    var headers = {
      "Content-Type": "application/json",
      "Accept": "application/json, text/event-stream",
      "MCP-Protocol-Version": protocol,
      "Mcp-Method": "tools/call",
      "Mcp-Name": "search_components"
    };
    var payload = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "search_components",
        arguments: { query: query, limit: 5 },
        _meta: {
          "io.modelcontextprotocol/protocolVersion": protocol,
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: "patttterns-mcp-page", version: "1" }
        }
      }
    };
    return { headers: headers, body: JSON.stringify(payload, null, 2) };
  }

  function show(query) {
    var req = build(query);
    var lines = ["POST " + endpoint];
    Object.keys(req.headers).forEach(function (k) { lines.push(k + ": " + req.headers[k]); });
    requestPane.textContent = lines.join("\n") + "\n\n" + req.body;
    return req;
  }

  function listHits(results) {
    hits.textContent = "";
    results.forEach(function (r) {
      var li = document.createElement("li");
      var num = document.createElement("span");
      num.className = "num";
      num.textContent = r.catalog_number;
      var link = document.createElement("a");
      link.href = r.url;
      link.rel = "noopener";
      link.textContent = r.title;
      var code = document.createElement("span");
      code.className = "code";
      code.textContent = r.has_component ? "TSX ✓" : "no code";
      li.append(num, link, code);
      hits.append(li);
    });
  }

  input.addEventListener("input", function () { show(input.value); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var req = show(input.value);
    var started = performance.now();
    statusLine.textContent = "…";
    responsePane.setAttribute("aria-busy", "true");
    fetch(endpoint, { method: "POST", headers: req.headers, body: req.body })
      .then(function (res) {
        return res.text().then(function (text) { return { res: res, text: text }; });
      })
      .then(function (out) {
        var ms = Math.round(performance.now() - started);
        var shown = out.text;
        var parsed = null;
        try {
          var rpc = JSON.parse(out.text);
          var block = rpc.result && rpc.result.content && rpc.result.content[0];
          parsed = block && block.type === "text" ? JSON.parse(block.text) : rpc;
          shown = JSON.stringify(parsed, null, 2);
        } catch (e) { /* show the raw body */ }
        var count = parsed && parsed.results ? parsed.results.length + " of " + parsed.total + " results" : "";
        statusLine.textContent = out.res.status + " · " + ms + " ms" + (count ? " · " + count : "");
        listHits(parsed && parsed.results ? parsed.results : []);
        responsePane.textContent = shown;
      })
      .catch(function (e) {
        statusLine.textContent = "network error";
        responsePane.textContent = String(e && e.message || e);
      })
      .finally(function () { responsePane.removeAttribute("aria-busy"); });
  });
  show(input.value);
})();
