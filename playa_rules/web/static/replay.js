// Stepping through a saved log: each step is the game after that many decisions, drawn as the
// chosen seat saw it, or (a finished match only) as a spectator who sees every face.
"use strict";
const rid = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
let step = +(params.get("step") || 0);
let seat = params.get("seat") ?? "";
let steps = 0;
const $ = (id) => document.getElementById(id);

async function show() {
  const q = new URLSearchParams({ step: String(step), seat });
  const r = await (await fetch(`/api/replays/${rid}?${q}`)).json();
  if (r.error) { $("error").textContent = r.error; $("error").hidden = false; return; }
  $("error").hidden = true;
  steps = r.steps;
  $("title").textContent = `${r.title}: replay`;
  const sel = $("seat");
  if (!sel.options.length) {
    const opts = (r.finished ? [["", "spectator (sees all)"]] : []).concat(Array.from({ length: r.players }, (_, s) => [String(s), `seat ${s}`]));
    sel.innerHTML = opts.map(([v, t]) => `<option value="${v}">${t}</option>`).join("");
    sel.value = seat;
    if (sel.value !== seat) { seat = sel.value; return show(); }
    sel.addEventListener("change", () => { seat = sel.value; show(); });
    const lang = $("lang");
    lang.innerHTML = ["en", "it", "es"].map((l) => `<option>${l}</option>`).join("");
    lang.value = r.lang;
    lang.addEventListener("change", () => loadRules(lang.value));
    loadRules(r.lang);
  }
  const drawer = new Drawer(r.display, r.ends_early);
  const view = r.view;
  if (view.seat === null) view.seat = -1;
  drawer.draw(view, $("table"), null);
  drawLog(r.log, $("log"));
  $("where").textContent = `decision ${step} of ${steps}${r.over ? " · over" : ""}`;
  document.body.dataset.step = step;
  $("back").disabled = step <= 0; $("first").disabled = step <= 0;
  $("forward").disabled = step >= steps; $("last").disabled = step >= steps;
  history.replaceState(null, "", `?step=${step}&seat=${seat}`);
}
async function loadRules(lang) {
  const r = await (await fetch(`/api/replays/${rid}/rules?lang=${encodeURIComponent(lang)}`)).json();
  $("rules").innerHTML = r.html || "";
}
$("first").onclick = () => { step = 0; show(); };
$("back").onclick = () => { step = Math.max(0, step - 1); show(); };
$("forward").onclick = () => { step = Math.min(steps, step + 1); show(); };
$("last").onclick = () => { step = steps; show(); };
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") $("back").click();
  if (e.key === "ArrowRight") $("forward").click();
});
show();
