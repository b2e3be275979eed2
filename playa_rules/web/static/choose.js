// Choosing a legal action by clicks: first its kind, then each parameter in turn among the
// values still possible (a group, such as several cards at once, is built one item at a time).
// A parameter with one possible value is taken at once. The action's rule text stays at hand.
"use strict";

function counts(items) {
  const m = new Map();
  for (const x of items) m.set(x, (m.get(x) || 0) + 1);
  return m;
}
function within(small, big) { // multiset small is part of big
  for (const [k, n] of small) if ((big.get(k) || 0) < n) return false;
  return true;
}
function sameCounts(a, b) { return within(a, b) && within(b, a); }

class Chooser {
  constructor(root, send) {
    this.root = root;
    this.send = send; // send(actionId)
    this.rules = {};
    this.reset();
  }
  reset() { this.kind = null; this.picks = []; this.group = []; }
  setActions(actions, total, waiting) {
    this.actions = actions;
    this.total = total;
    this.waiting = waiting;
    this.reset();
    this.render();
  }
  remaining() {
    return this.actions.filter((a) => a.name === this.kind && this.picks.every((p, i) => a.params[i].text === p));
  }
  button(text, onClick, testid, cls) {
    const b = node("button", cls || "", text);
    if (testid) b.dataset.testid = testid;
    b.addEventListener("click", onClick);
    return b;
  }
  ruleOf(kind) {
    const r = this.rules[kind];
    return r && r.rule ? r.rule : "";
  }
  render() {
    const root = this.root;
    root.innerHTML = "";
    if (!this.actions || !this.actions.length) {
      root.appendChild(node("div", "waiting", this.waiting || ""));
      return;
    }
    const head = node("div", "choose-head", this.total > this.actions.length
      ? `your turn: ${this.total} legal actions (the first ${this.actions.length} listed)`
      : `your turn: ${this.actions.length} legal action${this.actions.length === 1 ? "" : "s"}`);
    root.appendChild(head);
    if (this.kind === null) {
      const kinds = [];
      for (const a of this.actions) if (!kinds.includes(a.name)) kinds.push(a.name);
      const row = node("div", "options");
      for (const k of kinds) {
        const n = this.actions.filter((a) => a.name === k).length;
        const b = this.button(n > 1 ? `${k} (${n})` : (this.actions.find((a) => a.name === k).params.length ? k : this.actions.find((a) => a.name === k).text),
          () => { this.kind = k; this.render(); }, `kind-${k}`, "kind");
        b.title = this.ruleOf(k);
        row.appendChild(b);
      }
      root.appendChild(row);
      return;
    }
    const crumbs = node("div", "crumbs");
    crumbs.appendChild(this.button("← back", () => { this.reset(); this.render(); }, "back", "back"));
    crumbs.appendChild(node("span", "kind-name", this.kind));
    this.picks.forEach((p, i) => crumbs.appendChild(node("span", "pick", `${this.remaining()[0].params[i].name} ${p}`)));
    root.appendChild(crumbs);
    const rule = this.ruleOf(this.kind);
    if (rule) root.appendChild(node("div", "rule", rule));
    let rest = this.remaining();
    // parameters with one possible value are taken at once
    while (rest.length && this.picks.length < rest[0].params.length) {
      const values = new Set(rest.map((a) => a.params[this.picks.length].text));
      if (values.size !== 1) break;
      this.picks.push([...values][0]);
      rest = this.remaining();
    }
    const i = this.picks.length;
    if (!rest.length) { this.reset(); this.render(); return; }
    if (i >= rest[0].params.length) {
      const a = rest[0];
      const row = node("div", "options");
      row.appendChild(node("span", "final", a.text));
      row.appendChild(this.button("play", () => this.send(a.id), "play", "play"));
      root.appendChild(row);
      return;
    }
    const param = rest[0].params[i];
    root.appendChild(node("div", "param-name", `choose ${param.name}`));
    if (param.kind === "group_of") return this.renderGroup(rest, i);
    const row = node("div", "options");
    const seen = [];
    for (const a of rest) if (!seen.includes(a.params[i].text)) seen.push(a.params[i].text);
    for (const v of seen) row.appendChild(this.button(v, () => { this.picks.push(v); this.render(); }, "option", "option"));
    root.appendChild(row);
  }
  renderGroup(rest, i) {
    const chosen = counts(this.group);
    const fits = rest.filter((a) => within(chosen, counts(a.params[i].items)));
    const values = [];
    for (const a of fits) for (const x of a.params[i].items) if (!values.includes(x)) values.push(x);
    const row = node("div", "options");
    for (const v of values) {
      const more = counts([...this.group, v]);
      const can = fits.some((a) => within(more, counts(a.params[i].items)));
      const b = this.button(`+ ${v}`, () => { this.group.push(v); this.render(); }, "add", "option");
      b.disabled = !can;
      row.appendChild(b);
    }
    this.root.appendChild(row);
    const sel = node("div", "group");
    sel.appendChild(node("span", "", this.group.length ? `chosen: ${this.group.join("+")}` : "chosen: nothing yet"));
    if (this.group.length) sel.appendChild(this.button("− last", () => { this.group.pop(); this.render(); }, "remove", "back"));
    const exact = fits.find((a) => sameCounts(chosen, counts(a.params[i].items)));
    if (exact) sel.appendChild(this.button(`take ${exact.params[i].text}`, () => {
      this.picks.push(exact.params[i].text); this.group = []; this.render();
    }, "take", "play"));
    this.root.appendChild(sel);
  }
}
