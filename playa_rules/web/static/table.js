// A seat's page: its secret link's token opens a websocket; each message is this seat's view,
// its legal actions (on its turn) and its log. A lost connection (a server restart) is retried;
// a link no table has (close code 4404) is not.
"use strict";
const token = location.pathname.split("/").pop();
let drawer = new Drawer({});
let intro = null;
let socket = null;
let last = null;
const status = document.getElementById("status");
const chooser = new Chooser(document.getElementById("choose"), (id) => {
  socket.send(JSON.stringify({ type: "act", id, seen: last.moves }));
  chooser.setActions([], 0, "sent…");
});

function setStatus(text, cls) { status.textContent = text; status.className = "status " + (cls || ""); }

function waitingText(msg) {
  if (msg.error) return msg.error;
  if (msg.over) return `the match is over: ${msg.result}`;  // "won by you", or one seat's result
  const cur = msg.view.current_player;
  return Number.isInteger(cur) ? `waiting for seat ${cur}` : "waiting";
}

function endTools(msg) {
  const box = node("div", "end-tools");
  const a = node("a", "", "download the log");
  a.href = `/api/seat/${token}/log.json`;
  a.dataset.testid = "download-log";
  box.appendChild(a);
  const b = node("button", "", "save as a replay");
  b.dataset.testid = "save-replay";
  b.addEventListener("click", async () => {
    const r = await (await fetch(`/api/seat/${token}/replay`, { method: "POST" })).json();
    if (r.replay) { const l = node("a", "", "open the replay"); l.href = r.replay; l.dataset.testid = "replay-link"; box.appendChild(l); }
  });
  box.appendChild(b);
  return box;
}

function onTable(msg) {
  last = msg;
  drawer.draw(msg.view, document.getElementById("table"), msg.players);
  drawLog(msg.log, document.getElementById("log"));
  chooser.setActions(msg.actions, msg.total_actions, waitingText(msg));
  if (msg.over) document.getElementById("choose").appendChild(endTools(msg));
  setStatus(msg.over ? "over" : msg.actions.length ? "your turn" : "connected", msg.actions.length ? "mine" : "");
  document.body.dataset.moves = msg.moves;
  document.body.dataset.over = msg.over;
}

async function loadRules(lang) {
  const r = await (await fetch(`/api/seat/${token}/rules?lang=${encodeURIComponent(lang)}`)).json();
  document.getElementById("rules").innerHTML = r.html || "";  // HTML from Markdown, raw HTML escaped by the server
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
  socket.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "intro") {
      intro = msg;
      drawer = new Drawer(msg.display, msg.ends_early);
      chooser.rules = msg.action_rules;
      document.getElementById("title").textContent = `${msg.title}${msg.variants.length ? " + " + msg.variants.join(", ") : ""} · seat ${msg.seat}`;
      document.title = `${msg.title} · seat ${msg.seat}`;
      const sel = document.getElementById("lang");
      if (!sel.options.length) {
        sel.innerHTML = ["en", "it", "es"].map((l) => `<option>${l}</option>`).join("");
        sel.value = msg.lang;
        sel.addEventListener("change", () => loadRules(sel.value));
        loadRules(msg.lang);
      }
    } else if (msg.type === "table") {
      onTable(msg);
    } else if (msg.type === "refused") {
      setStatus(msg.error, "refused");
    }
  };
  socket.onclose = (e) => {
    // 4404: the server has no table at this link (its reason says so): retrying cannot help
    if (e.code === 4404) { setStatus(e.reason || "no table has this link", "refused"); return; }
    setStatus("connection lost: trying again…", "refused");
    setTimeout(connect, 1000);
  };
}
connect();
