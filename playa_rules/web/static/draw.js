// Draws any seat's view from the rule file's display hints: zones, stacks with owners, hands,
// dice, boards (cells with row and col), variables and scores. No game is named here: every
// word shown is the rule file's own (zone names, labels, variables).
"use strict";
const COLOURS = ["#1a8fb0", "#b0309a", "#2f8f2f", "#b58800", "#3a58d0", "#c83b3b", "#17a3a3", "#9a4fc0"];
const RUN = 3; // this many equal components in a row are drawn once, counted

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function showValue(v) {
  if (v === true || v === false) return String(v);
  if (v === null || v === undefined) return "none";
  if (v === "") return "''";
  if (Array.isArray(v)) return "[" + v.map(showValue).join(", ") + "]";
  return String(v);
}
function seatColour(s) { return COLOURS[((s % COLOURS.length) + COLOURS.length) % COLOURS.length]; }
function hue(text) {
  let h = 0;
  for (const ch of String(text)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}
function isGrid(cells) {
  return cells.length > 0 && cells.every((c) => Number.isInteger(c.row) && Number.isInteger(c.col));
}
function node(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function lyingSymbol(cell, occupied) { // an empty cell on which something lies (display: occupied)
  if (typeof occupied !== "object") return occupied;
  const top = Object.values(cell.zones || {}).filter((z) => z.length).map((z) => z[z.length - 1])[0];
  if (!top || top.hidden) return occupied.hidden || "?";
  const v = occupied.by in (top.vars || {}) ? top.vars[occupied.by] : top[occupied.by];
  return (occupied.symbols || {})[showValue(v)] ?? occupied.other ?? "u";
}

class Drawer {
  constructor(display, endsEarly = false) {
    this.endsEarly = endsEarly; // the match has an end_when: playa_rules/render/progress.py
    display = display || {};
    this.variables = display.variables || null; // null: every variable
    this.zones = display.zones || {};
    this.components = display.components || {};
    this.names = display.names || {}; // phase and step ids as the rules call them ("": left off)
    this.round = display.round || null; // the variable the round reads (scope.name)
  }
  shown(type, values) { // [[variable, words], ...] the display hints show beside a component
    const chosen = this.components[type];
    if (chosen === undefined) // no hint for this type: every variable but a face (drawn as a die)
      return Object.keys(values || {}).filter((n) => n !== "face").map((n) => [n, n]);
    return Array.isArray(chosen) ? chosen.map((n) => [n, n]) : Object.entries(chosen);
  }
  who(s, me) { return s === me ? "you" : `seat ${s}`; }
  hint(name) { return this.zones[name] || {}; }

  // ---------------------------------------------------------------- one component
  details(c) {
    const values = c.vars || {};
    const out = [];
    for (const [name, words] of this.shown(c.type, values)) {
      const v = name in values ? values[name] : c[name];
      if (v !== undefined && v !== "" && !(name === "face" && v === null)) out.push(`${words ? words + " " : ""}${showValue(v)}`);
    }
    return out;
  }
  key(c) { // what makes two components draw the same
    if (c.hidden) return "?" + c.type + (c.owner ?? "");
    return JSON.stringify([c.label, c.owner, (c.vars || {}).face, this.details(c)]);
  }
  component(c, me, position, home) {
    const nested = Object.entries(c.zones || {}).filter(([, sub]) => sub.length);
    const card = node("div", "card");
    card.dataset.type = c.type;
    if (position !== undefined) card.appendChild(node("span", "pos", `#${position}`));
    if (c.hidden) {
      card.classList.add("back");
      card.title = `${c.type}: face down`;
      card.appendChild(node("span", "label", c.type));
    } else {
      const face = (c.vars || {}).face;
      const chosen = this.shown(c.type, c.vars).map(([n]) => n);
      if (face !== undefined && face !== null && !chosen.includes("face")) {
        card.classList.add("die");
        card.appendChild(node("span", "face", showValue(face)));
        card.appendChild(node("span", "label small", c.label ?? c.type));
      } else {
        card.appendChild(node("span", "label", c.label ?? c.type));
      }
      const details = this.details(c);
      if (details.length) card.appendChild(node("span", "details", details.join(" · ")));
      card.title = `${c.type}${c.label !== undefined ? ": " + c.label : ""}`;
    }
    if (Number.isInteger(c.owner)) {
      card.style.borderColor = seatColour(c.owner);
      card.classList.add("owned");
      card.dataset.owner = c.owner;
      if (c.owner !== home) card.appendChild(node("span", "owner", this.who(c.owner, me)));
    }
    for (const [name, sub] of nested) {
      const box = node("div", "nested");
      box.appendChild(node("span", "zone-name", name));
      box.appendChild(this.pile(sub, me, false, null));
      const top = sub[sub.length - 1];
      if (sub.length >= 2 && Number.isInteger(top.owner)) box.appendChild(node("span", "top", `top: ${this.who(top.owner, me)}`));
      card.appendChild(box);
    }
    return card;
  }

  // ---------------------------------------------------------------- a zone's contents
  pile(comps, me, numbered, home) {
    const row = node("div", "pile");
    if (!comps.length) { row.appendChild(node("span", "empty", "empty")); return row; }
    let i = 0;
    while (i < comps.length) {
      let j = i;
      const k = this.key(comps[i]);
      const plain = !Object.values(comps[i].zones || {}).some((z) => z.length);
      while (plain && j < comps.length && this.key(comps[j]) === k && !Object.values(comps[j].zones || {}).some((z) => z.length)) j++;
      if (j - i >= RUN) {
        const card = this.component(comps[i], me, numbered ? `${i}-${j - 1}` : undefined, home);
        card.appendChild(node("span", "count", `×${j - i}`));
        row.appendChild(card);
        i = j;
      } else {
        row.appendChild(this.component(comps[i], me, numbered ? i : undefined, home));
        i++;
      }
    }
    return row;
  }
  board(cells, hint, title) {
    const name = hint.grid;
    const symbols = hint.symbols || {};
    const rows = [...new Set(cells.map((c) => c.row))].sort((a, b) => (hint.bottom_up ? b - a : a - b));
    const cols = [...new Set(cells.map((c) => c.col))].sort((a, b) => a - b);
    const at = new Map(cells.map((c) => [`${c.row},${c.col}`, c]));
    const grid = node("div", "board");
    grid.style.gridTemplateColumns = `2em repeat(${cols.length}, 2em)`;
    grid.appendChild(node("span", "axis", ""));
    for (const c of cols) grid.appendChild(node("span", "axis", String(c)));
    for (const r of rows) {
      grid.appendChild(node("span", "axis", String(r)));
      for (const c of cols) {
        const cell = at.get(`${r},${c}`);
        const e = node("span", "cell");
        if (!cell) { e.classList.add("none"); grid.appendChild(e); continue; }
        e.dataset.row = r; e.dataset.col = c;
        if (cell.hidden) { e.textContent = "?"; e.classList.add("back"); grid.appendChild(e); continue; }
        const value = name in (cell.vars || {}) ? cell.vars[name] : cell[name];
        const lying = Object.values(cell.zones || {}).some((z) => z.length);
        const text = showValue(value);
        let symbol = symbols[text] ?? text;
        if ((value === null || value === undefined) && lying && hint.occupied) { symbol = lyingSymbol(cell, hint.occupied); e.classList.add("occupied"); }
        e.textContent = symbol.length > 3 ? symbol.slice(0, 3) : symbol;
        const known = Object.keys(symbols).indexOf(text); // symbols in their order get distinct colours
        if (value !== null && value !== undefined && text !== "none")
          e.style.background = `hsl(${known >= 0 ? (known * 67) % 360 : hue(text)} 65% 78%)`;
        e.title = `row ${r}, col ${c}: ${name} ${text}${lying ? " (something lies there)" : ""}`;
        grid.appendChild(e);
      }
    }
    const box = node("div", "board-box");
    if (title) box.appendChild(node("div", "board-title", title));
    box.appendChild(grid);
    const legend = Object.entries(symbols).map(([k, v]) => `${v} ${k}`);
    const lyingHint = hint.occupied;
    if (lyingHint && typeof lyingHint === "object")
      legend.push(`on an empty cell, by its ${lyingHint.by}: ` + Object.entries(lyingHint.symbols || {}).map(([k, v]) => `${v} ${k}`).join(" · ") + ` · ${lyingHint.hidden || "?"} face down`);
    else if (lyingHint) legend.push(`${lyingHint} something lies there`);
    if (legend.length) box.appendChild(node("div", "legend", legend.join(" · ")));
    return box;
  }
  zone(name, comps, me, home, numberedDefault) {
    const hint = this.hint(name);
    if (hint.hidden) return null;
    const box = node("div", "zone");
    box.dataset.zone = name;
    const head = node("div", "zone-name", name);
    box.appendChild(head);
    if (hint.grid && isGrid(comps)) {
      box.appendChild(this.board(comps, hint));
    } else if (hint.count) {
      box.appendChild(node("div", "zone-count", String(comps.length)));
    } else {
      if (comps.length && comps.every((c) => c.hidden)) head.textContent += ` (${comps.length} face down)`;
      box.appendChild(this.pile(comps, me, hint.numbered ?? numberedDefault, home));
    }
    return box;
  }
  variablesOf(scoped) {
    const pairs = [];
    if (this.variables === null) {
      for (const [scope, values] of Object.entries(scoped))
        for (const [n, v] of Object.entries(values || {})) pairs.push([scope === "player" ? n : `${scope}.${n}`, v]);
    } else {
      for (const wanted of this.variables) {
        const dot = wanted.lastIndexOf(".");
        const scope = dot < 0 ? "" : wanted.slice(0, dot);
        const name = wanted.slice(dot + 1);
        for (const [s, values] of Object.entries(scoped)) {
          if (values && name in values && (scope === s || scope === "" || ((scope === "player" || scope === "player_match") && s === "player"))) {
            pairs.push([s === "player" ? name : wanted, values[name]]);
            break;
          }
        }
      }
    }
    return pairs;
  }
  vars(pairs) {
    const box = node("div", "vars");
    for (const [n, v] of pairs) {
      const e = node("span", "var");
      e.appendChild(node("span", "var-name", n));
      e.appendChild(node("span", "var-value", showValue(v)));
      box.appendChild(e);
    }
    return box;
  }

  // ---------------------------------------------------------------- the table
  draw(view, root, players) {
    const me = view.seat;
    root.innerHTML = "";
    // a match that ends when a condition holds counts its hands up to a bound, not to a known end
    const where = [this.endsEarly ? `hand ${view.hand} (at most ${view.hands})` : `hand ${view.hand} of ${view.hands}`];
    for (const kind of ["phase", "step"]) {
      if (!view[kind]) continue;
      const name = view[kind] in this.names ? this.names[view[kind]] : `${kind} ${view[kind]}`;
      if (name) where.push(name);
    }
    const [rscope, rname] = (this.round || ".").split(".");
    const counted = ((view.vars || {})[rscope] || {})[rname];
    where.push(`round ${counted ?? view.round}`);
    const head = node("div", "where", where.join(" · "));
    root.appendChild(head);
    const shared = node("section", "shared");
    shared.appendChild(node("h3", "", "on the table"));
    const zones = node("div", "zones");
    for (const [name, comps] of Object.entries(view.zones)) {
      const z = this.zone(name, comps, me, null, true);
      if (z) zones.appendChild(z);
    }
    shared.appendChild(zones);
    const pairs = this.variablesOf(Object.fromEntries(Object.entries(view.vars || {}).filter(([, v]) => v && Object.keys(v).length)));
    if (pairs.length) shared.appendChild(this.vars(pairs));
    root.appendChild(shared);
    const seats = [...view.seats].sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
    for (const entry of seats) {
      const s = entry.seat;
      const panel = node("section", "seat-panel");
      panel.dataset.seat = s;
      panel.style.borderColor = seatColour(s);
      if (view.current_player === s) panel.classList.add("to-play");
      const title = node("h3", "");
      title.style.color = seatColour(s);
      const info = players ? players.find((p) => p.seat === s) : null;
      title.textContent = (s === me ? `you (seat ${s})` : `seat ${s}`) + (info && info.who !== "person" ? ` · ${info.who}` : "");
      if (info && info.who === "person" && s !== me) title.textContent += info.watching ? " · here" : " · away";
      const running = view.running_scores; // the rules score as play goes (display: scores: running)
      title.appendChild(node("span", "score", running ? `score now ${running[s] ?? ""}` : `score ${view.scores[s] ?? ""}`));
      if (view.current_player === s) title.appendChild(node("span", "turn-mark", "to play"));
      panel.appendChild(title);
      const pz = node("div", "zones");
      for (const [name, comps] of Object.entries(entry.zones)) {
        const z = this.zone(name, comps, me, s, false);
        if (z) pz.appendChild(z);
      }
      panel.appendChild(pz);
      const vp = this.variablesOf({ player: entry.vars || {} });
      if (vp.length) panel.appendChild(this.vars(vp));
      root.appendChild(panel);
    }
  }
}

function drawLog(lines, root) {
  root.innerHTML = "";
  for (const line of lines) root.appendChild(node("div", "log-line", line));
  root.scrollTop = root.scrollHeight;
}
