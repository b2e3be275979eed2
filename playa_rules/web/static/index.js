// The setup page: choose a game (bundled or uploaded), variants, players and who sits where.
"use strict";
let GAMES = [];
const $ = (id) => document.getElementById(id);

async function readFiles(input) {
  const out = [];
  for (const f of input.files) out.push({ name: f.name, text: await f.text() });
  return out;
}

let CHECKED = null; // what the server read of the chosen files: {id, title, players}, or null
let FAILED = false; // the chosen files have problems (the error shows them): no player count to offer
let ASKED = 0; // the checks of the chosen files asked for: only the latest one's answer counts

function fillPlayers() {
  // an uploaded rule file: the player counts the server read from it (any count until it
  // answers); none when the files have problems
  const uploading = $("upload").files.length > 0;
  const g = uploading ? null : GAMES.find((x) => x.id === $("game").value);
  const counts = FAILED ? [] : CHECKED ? CHECKED.players : g ? g.players : Array.from({ length: 8 }, (_, i) => i + 1);
  const sel = $("players");
  const was = sel.value;
  sel.innerHTML = counts.map((n) => `<option>${n}</option>`).join("");
  if (counts.map(String).includes(was)) sel.value = was;
  $("variants").innerHTML = g && g.variants.length
    ? g.variants.map((v) => `<label class="inline"><input type="checkbox" value="${v}"> ${v}</label>`).join("")
    : "<span class='dim'>no bundled variants</span>";
  fillSeats();
}

function showUpload(text) {
  // the Game menu names the uploaded file while one is chosen
  let opt = $("game").querySelector("option.uploaded");
  if (text === null) { if (opt) opt.remove(); return; }
  if (!opt) { opt = document.createElement("option"); opt.className = "uploaded"; opt.value = ""; $("game").prepend(opt); }
  opt.textContent = text;
  $("game").value = "";
}

async function checkRules() {
  // the chosen files are read by the server at once: their player counts, or their problems;
  // a check answered after a later one was asked (a second file chosen quickly) is dropped
  const asked = ++ASKED;
  showError($("error"), "");
  const up = $("upload").files[0];
  CHECKED = null;
  FAILED = false;
  showUpload(up ? `uploaded: ${up.name} (reading…)` : null);
  if (!up && !$("variant-upload").files.length) return fillPlayers();
  const part = await rulesPart();
  if (asked !== ASKED) return;
  const data = await post("/api/rules", part);
  if (asked !== ASKED) return;
  if (data.error) {
    FAILED = true;
    if (up) showUpload(`uploaded: ${up.name} (has problems)`);
    showError($("error"), data.error);
  } else {
    CHECKED = data;
    if (up) showUpload(`uploaded: ${data.title} (${up.name})`);
  }
  fillPlayers();
}

function chooseGame() {
  // a game chosen from the menu replaces an uploaded rule file
  if ($("game").value === "") return;
  if ($("upload").files.length) $("upload").value = "";
  showUpload(null);
  checkRules(); // (the variant files, if any, are read again with this game)
}

function fillSeats() {
  const n = +$("players").value;
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat")].map((d) => [d.querySelector("select").value, d.querySelector("input").value]);
  box.innerHTML = "";
  for (let s = 0; s < n; s++) {
    const [kind, budget] = old[s] || [s === 0 ? "person" : "random", "200"];
    const d = document.createElement("div");
    d.className = "seat";
    d.innerHTML = `<span class="seat-name">seat ${s}</span>
      <select data-testid="seat-${s}"><option value="person">a person</option><option value="random">agent: random</option>
      <option value="greedy">agent: greedy</option><option value="ismcts">agent: ismcts</option></select>
      <label class="inline budget">playouts <input type="number" min="1" max="5000" value="${budget}"></label>`;
    d.querySelector("select").value = kind;
    const sync = () => { d.querySelector(".budget").hidden = d.querySelector("select").value !== "ismcts"; };
    d.querySelector("select").addEventListener("change", sync);
    sync();
    box.appendChild(d);
  }
}

async function rulesPart() {
  const up = await readFiles($("upload"));
  return {
    game: up.length ? null : $("game").value,
    upload: up[0] || null,
    variants: [...$("variants").querySelectorAll("input:checked")].map((i) => i.value),
    variant_uploads: await readFiles($("variant-upload")),
    lang: $("lang").value,
  };
}

function showError(el, text) { el.textContent = text; el.hidden = !text; }

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  return data;
}

$("setup").addEventListener("submit", async (e) => {
  e.preventDefault();
  showError($("error"), "");
  const body = await rulesPart();
  body.players = +$("players").value;
  body.seed = $("seed").value === "" ? null : +$("seed").value;
  body.seats = [...$("seats").querySelectorAll(".seat")].map((d) => {
    const kind = d.querySelector("select").value;
    return kind === "ismcts" ? { kind, playouts: +d.querySelector("input").value } : { kind };
  });
  const data = await post("/api/tables", body);
  if (data.error) return showError($("error"), data.error);
  const links = $("links");
  const seats = Object.entries(data.seats);
  links.innerHTML = "<h3>The table is open</h3>" + (seats.length
    ? "<p>One secret link per person: send each person theirs (whoever has a link plays that seat).</p><ul>" +
      seats.map(([s, url]) => `<li>seat ${s}: <a data-testid="link-${s}" href="${url}">${location.origin}${url}</a></li>`).join("") + "</ul>"
    : "<p>Every seat is an agent: nothing to watch from a seat.</p>");
  links.hidden = false;
});

$("replay-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  showError($("replay-error"), "");
  const f = $("log-file").files[0];
  if (!f) return showError($("replay-error"), "choose a log file first");
  let log;
  try { log = JSON.parse(await f.text()); } catch (err) { return showError($("replay-error"), `${f.name} is not JSON: ${err.message}`); }
  const body = await rulesPart();
  body.log = log;
  const data = await post("/api/replays", body);
  if (data.error) return showError($("replay-error"), data.error);
  location.href = data.replay;
});

(async () => {
  const data = await (await fetch("/api/games")).json();
  GAMES = data.games;
  $("game").innerHTML = GAMES.map((g) => `<option value="${g.id}">${g.title} (${g.id})</option>`).join("");
  $("lang").innerHTML = data.languages.map((l) => `<option>${l}</option>`).join("");
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("change", fillSeats);
  $("upload").addEventListener("change", checkRules);
  $("variant-upload").addEventListener("change", checkRules);
  fillPlayers();
})();
