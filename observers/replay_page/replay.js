// The replay page of treesearch's HtmlReplay: everything it shows comes from the JSON in
// <script id="replay-data">, written by observers/html_replay.py. No network, no library.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("replay-data").textContent);
  const $ = (id) => document.getElementById(id);
  const F = D.frames;
  const nFrames = D.counters.step.length;
  const last = Math.max(0, nFrames - 1);
  const fmt = (v) => (typeof v === "number" ? v.toLocaleString("en-US", { maximumFractionDigits: 4 }) : String(v));
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
  let frame = 0;

  // ---- pictures: key frames and the sheets of patch blocks ------------------------------
  const board = $("board");
  const ctx = board.getContext("2d");
  board.width = Math.max(1, F.width);
  board.height = Math.max(1, F.height);
  $("left").style.width = Math.max(480, F.width + 2) + "px";
  const keyIndex = F.keys.map((k) => k[0]);
  const keyImages = [];
  const sheetImages = [];
  const B = F.block;
  const frameColumns = Math.ceil(F.width / B);
  const perSheet = F.sheet_columns * F.sheet_rows;
  const offsets = [0]; // offsets[i]: blocks before patch i + 1 in the sheets
  for (const p of F.patches) offsets.push(offsets[offsets.length - 1] + p.length);
  let shown = -1; // the frame on the canvas

  function load(uri) {
    const img = new Image();
    img.src = uri;
    return img.decode().then(() => img);
  }

  function keyBefore(f) {
    let lo = 0, hi = keyIndex.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (keyIndex[mid] <= f) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  function applyPatch(i) { // turns frame i - 1 into frame i
    const deltas = F.patches[i - 1];
    let b = 0, g = offsets[i - 1];
    for (const d of deltas) {
      b += d;
      const sheet = sheetImages[Math.floor(g / perSheet)];
      const p = g % perSheet;
      const sx = (p % F.sheet_columns) * B, sy = Math.floor(p / F.sheet_columns) * B;
      const dx = (b % frameColumns) * B, dy = Math.floor(b / frameColumns) * B;
      ctx.clearRect(dx, dy, B, B);
      ctx.drawImage(sheet, sx, sy, B, B, dx, dy, B, B);
      g += 1;
    }
  }

  function drawBoard(f) {
    if (!keyImages.length) return;
    const k = keyBefore(f);
    if (!(shown >= keyIndex[k] && shown <= f)) {
      ctx.clearRect(0, 0, board.width, board.height);
      ctx.drawImage(keyImages[k], 0, 0);
      shown = keyIndex[k];
    }
    for (let i = shown + 1; i <= f; i++) applyPatch(i);
    shown = f;
  }

  // ---- the timeline ----------------------------------------------------------------------
  const slider = $("slider");
  slider.max = String(last);
  const steps = D.counters.step;
  const speeds = [1, 2, 5, 10, 20, 30, 60];
  const speed = $("speed");
  const defaultSpeed = speeds.reduce((best, s) => (Math.abs(s - nFrames / 10) < Math.abs(best - nFrames / 10) ? s : best), 30);
  for (const s of speeds) {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = s + " steps/s";
    if (s === Math.min(30, Math.max(2, defaultSpeed))) o.selected = true;
    speed.appendChild(o);
  }
  let timer = null;

  function stepText(f) {
    const end = f === last && D.outcome ? " (end)" : "";
    return "step " + fmt(steps[f] || 0) + " / " + fmt(D.steps_total) + end;
  }

  function show(f, from) {
    f = Math.max(0, Math.min(last, Math.round(f)));
    frame = f;
    if (from !== "slider") slider.value = String(f);
    drawBoard(f);
    $("step").textContent = stepText(f);
    $("frame-note").textContent =
      "frame " + fmt(f + 1) + " of " + fmt(nFrames) +
      (D.paced ? " · the renderer draws a picture every few steps" + (D.stride > 1 ? " (every " + ordinal(D.stride) + " one kept)" : "")
        : D.stride > 1 ? " · a long run: every " + ordinal(D.stride) + " visit is drawn" : " · every visit is drawn") +
      (f === last && D.outcome ? " · the last frame shows the outcome" : "");
    document.body.dataset.frame = String(f);
    showCounters(f);
    showOutcome(f);
    markCharts(f);
    drawTree(f);
  }

  function ordinal(n) {
    const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
    return fmt(n) + s;
  }

  function play() {
    if (timer !== null) return pause();
    if (frame >= last) show(0);
    $("play").textContent = "\u275A\u275A pause";
    const tick = () => {
      if (frame >= last) return pause();
      show(frame + 1);
      timer = setTimeout(tick, 1000 / Number(speed.value));
    };
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }

  function pause() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    $("play").textContent = "\u25B6 play";
  }

  const buttons = {
    first: () => { pause(); show(0); },
    prev: () => { pause(); show(frame - 1); },
    play: () => play(),
    next: () => { pause(); show(frame + 1); },
    last: () => { pause(); show(last); },
  };
  for (const [id, act] of Object.entries(buttons)) {
    $(id).addEventListener("click", (e) => { act(); e.currentTarget.blur(); });
  }
  slider.addEventListener("input", () => { pause(); show(Number(slider.value), "slider"); });
  const keys = { " ": "play", ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.id === "find" || e.target.tagName === "SELECT")) return;
    const act = keys[e.key];
    if (!act || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    buttons[act]();
  });
  document.addEventListener("keyup", (e) => { if (e.key === " " && e.target.id !== "find") e.preventDefault(); });

  // ---- counters and charts ---------------------------------------------------------------
  const COUNTERS = [
    ["step", "#ffd666", "visits so far: the state drawn is the one visited at this step"],
    ["depth", "#7fc8f8", "moves from the start to the state drawn"],
    ["expanded", "#9be38b", "states whose children the search has generated"],
    ["nodes", "#9be38b", "nodes MCTS added to its tree, one per simulation at most; a position reached by two move orders is two nodes (the tree below shows it once), and only nodes asked for their children count as expanded"],
    ["frontier", "#ff78be", "cells seen but not expanded yet (pink on the board)"],
    ["best", "#f4a261", "best value found so far"],
    ["value", "#f4a261", "the last value a value function gave"],
    ["simulations", "#c3a6ff", "MCTS simulations finished"],
  ].filter((c) => D.counters[c[0]] !== undefined);

  function showCounters(f) {
    const rows = COUNTERS.map(([name, colour, what]) => {
      const v = D.counters[name][f];
      return "<tr><td class=name><span class=swatch style='background:" + colour + "'></span>" + name +
        "</td><td class=value id='counter-" + name + "'>" + (v === null || v === undefined ? "–" : esc(fmt(v))) +
        "</td><td class=what>" + what + "</td></tr>";
    });
    $("counters").innerHTML = rows.join("");
    const cells = D.frontier_cells ? D.frontier_cells[f] : undefined;
    const box = $("frontier-cells");
    if (cells === undefined) box.textContent = "";
    else if (cells === null) box.innerHTML = "frontier: too many cells to list";
    else box.innerHTML = "<b>frontier cells</b> (row,column), pink on the board: " + (cells.length ? esc(cells.join(" ")) : "none");
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svgEl(name, attrs) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
  }

  function lineChart(svg, series, height, shared) {
    svg.innerHTML = "";
    const W = 600, H = height, pad = 4;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.appendChild(svgEl("rect", { x: 0, y: 0, width: W, height: H, fill: "#202128" }));
    const x = (i) => (last ? (i / last) * (W - 2 * pad) + pad : W / 2);
    const numbers = (s) => s.values.map((v) => (typeof v === "number" && isFinite(v) ? v : null));
    const range = (values) => values.reduce(([lo, hi], v) => (v === null ? [lo, hi] : [Math.min(lo, v), Math.max(hi, v)]), [0, -Infinity]);
    const all = series.map((s) => range(numbers(s))).reduce((a, b) => [Math.min(a[0], b[0]), Math.max(a[1], b[1])], [0, -Infinity]);
    for (const s of series) {
      const nums = numbers(s);
      let [lo, hi] = shared ? all : range(nums);
      if (hi === -Infinity) continue;
      if (hi === lo) hi = lo + 1;
      const y = (v) => H - pad - ((v - lo) / (hi - lo)) * (H - 2 * pad);
      let d = "";
      nums.forEach((v, i) => {
        if (v === null) return;
        d += (d ? "L" : "M") + x(i).toFixed(1) + " " + y(v).toFixed(1);
      });
      svg.appendChild(svgEl("path", { d, fill: "none", stroke: s.colour, "stroke-width": 1.6, "vector-effect": "non-scaling-stroke" }));
    }
    const marker = svgEl("line", { x1: x(0), x2: x(0), y1: 0, y2: H, stroke: "#ffffff", "stroke-width": 1, "stroke-dasharray": "3 2", "vector-effect": "non-scaling-stroke" });
    marker.classList.add("marker");
    svg.appendChild(marker);
    return (f) => { marker.setAttribute("x1", x(f)); marker.setAttribute("x2", x(f)); };
  }

  const chartSeries = COUNTERS.filter((c) => c[0] !== "step").map(([name, colour]) => ({ name, colour, values: D.counters[name] }));
  const markMain = lineChart($("chart"), chartSeries, 130, false);
  $("chart").addEventListener("click", (e) => {
    const r = e.currentTarget.getBoundingClientRect();
    pause();
    show(((e.clientX - r.left) / r.width) * last);
  });

  // ---- the tree --------------------------------------------------------------------------
  const nodes = D.nodes;
  const pvSet = new Set(D.pv);
  const roots = nodes.filter((n) => n.parent < 0).map((n) => n.id);
  const userOpen = new Map(); // node id -> open (true) or folded (false), as clicked
  const showAll = new Set(); // nodes whose children are all listed
  const TOP = 5;

  function firstFrame(n) { return n.h.length ? n.h[0][0] : Infinity; }
  function stats(n, f) { // [frame, visits, value, simulations, mean, hidden] at frame f
    const h = n.h;
    let lo = 0, hi = h.length - 1;
    if (!h.length || h[0][0] > f) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (h[mid][0] <= f) lo = mid; else hi = mid - 1;
    }
    return h[lo];
  }
  function rankKey(n, f) {
    const s = stats(n, f);
    const main = D.mcts ? s[3] : s[1];
    const second = D.mcts ? (s[4] === null ? -Infinity : s[4]) : (typeof s[2] === "number" ? s[2] : -Infinity);
    return [main, second, -n.first];
  }
  function compare(a, b, f) {
    const ka = rankKey(a, f), kb = rankKey(b, f);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  }
  function pathTo(id) {
    const ids = new Set();
    for (let n = nodes[id]; n; n = n.parent >= 0 ? nodes[n.parent] : null) ids.add(n.id);
    return ids;
  }

  function badges(n, s, kids) {
    const out = ["step " + fmt(n.first)];
    if (D.mcts) {
      if (s[3]) out.push(fmt(s[3]) + " sims");
      if (s[4] !== null && n.mover !== null) out.push("mean " + (s[4] >= 0 ? "+" : "") + s[4].toFixed(2));
    } else if (s[1] > 1) out.push(fmt(s[1]) + " visits");
    if (typeof s[2] === "number" || typeof s[2] === "string") out.push("value " + fmt(s[2]));
    const k = kids + s[5];
    if (k) out.push(fmt(k) + (k === 1 ? " child" : " children"));
    return out.join(" · ");
  }

  function visibleKids(n, f) { return n.children.map((i) => nodes[i]).filter((c) => firstFrame(c) <= f); }

  let openPath = new Set();
  function drawTree(f) {
    const cur = D.current[f];
    openPath = $("follow").checked && cur >= 0 ? pathTo(cur) : new Set();
    const seen = nodes.filter((n) => firstFrame(n) <= f).length;
    $("tree-count").textContent = "(" + fmt(seen) + (seen === 1 ? " node" : " nodes") +
      (nodes.length >= D.max_nodes ? "; the first " + fmt(D.max_nodes) + " kept" : "") + ")";
    const ul = document.createElement("ul");
    for (const id of roots) if (firstFrame(nodes[id]) <= f) ul.append(...items(nodes[id], f, cur, false));
    const tree = $("tree");
    const scroll = tree.scrollTop;
    tree.replaceChildren(ul);
    tree.scrollTop = scroll;
    const here = tree.querySelector(".row.current");
    if (here && $("follow").checked) { // keep the current state in view, scrolling the tree only
      const top = here.offsetTop;
      if (top < tree.scrollTop || top + here.offsetHeight > tree.scrollTop + tree.clientHeight) {
        tree.scrollTop = Math.max(0, top - tree.clientHeight / 3);
      }
    }
  }

  function isOpen(n) {
    if (userOpen.has(n.id)) return userOpen.get(n.id);
    return pvSet.has(n.id) || openPath.has(n.id);
  }

  // The rows of node n and, when it is open, of its children: a list of <li>. A node whose
  // only child is listed continues on the next row at the same level ("↳"), so that long
  // lines of single moves (a route in a maze) do not march off to the right.
  function items(n, f, cur, chained) {
    const li = document.createElement("li");
    const s = stats(n, f);
    const kids = visibleKids(n, f);
    const row = document.createElement("div");
    row.className = "row" + (pvSet.has(n.id) ? " pv" : "") + (n.id === cur ? " current" : "") + (chained ? " chained" : "");
    row.dataset.id = String(n.id);
    row.setAttribute("role", "treeitem");
    const open = isOpen(n) && (kids.length > 0);
    const toggle = document.createElement("span");
    toggle.className = "toggle";
    toggle.textContent = kids.length ? (open ? "\u25BE" : "\u25B8") : "\u00B7";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = n.label;
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = badges(n, s, kids.length);
    row.append(toggle, label, badge);
    li.appendChild(row);
    const out = [li];
    if (!open) return out;
    kids.sort((a, b) => compare(a, b, f));
    const all = showAll.has(n.id);
    const listed = kids.filter((c, i) => all || i < TOP || pvSet.has(c.id) || openPath.has(c.id));
    const rest = kids.length - listed.length + (s[5] || 0);
    if (listed.length === 1 && rest === 0 && !all) {
      out.push(...items(listed[0], f, cur, true));
      return out;
    }
    const ul = document.createElement("ul");
    for (const c of listed) ul.append(...items(c, f, cur, false));
    if (rest > 0 || all) {
      const more = document.createElement("li");
      more.className = "more";
      more.dataset.id = String(n.id);
      if (all) more.textContent = "show the top " + TOP + " only" + (s[5] ? " (" + fmt(s[5]) + " more not kept)" : "");
      else more.textContent = "+" + fmt(rest) + " more" + (s[5] ? " (" + fmt(s[5]) + " not kept by the replay)" : "") + (kids.length - listed.length ? ": click to list them" : "");
      ul.appendChild(more);
    }
    li.appendChild(ul);
    return out;
  }

  const tip = $("tooltip");
  function tooltipText(n, f) {
    const s = stats(n, f);
    const lines = ["<span class=tname>" + esc(n.label) + "</span>", "key: " + esc(n.key),
      "first visited at step " + fmt(n.first) + ", depth " + fmt(n.depth)];
    if (n.parent >= 0) lines.push("reached from " + esc(nodes[n.parent].label));
    lines.push("visits by this step: <b id=tip-visits>" + fmt(s[1]) + "</b>");
    const kids = visibleKids(n, f).length;
    lines.push("children in the tree: " + fmt(kids) + (s[5] ? " (+" + fmt(s[5]) + " not kept)" : "") +
      (n.n !== null ? "; the search generated " + fmt(n.n) : ""));
    if (s[2] !== null) lines.push("last value: " + esc(fmt(s[2])));
    if (D.mcts) {
      lines.push("simulations through it: " + fmt(s[3]));
      if (s[4] !== null && n.mover !== null) lines.push("mean reward for the player who moved here (player " + n.mover + "): " + (s[4] >= 0 ? "+" : "") + s[4].toFixed(3));
    }
    if (pvSet.has(n.id)) lines.push("on the " + (D.outcome && D.outcome.route.length > 1 ? "route found" : "best line"));
    lines.push("<span class=muted>click: show the board at step " + fmt(n.first) + "</span>");
    return lines.join("<br>");
  }
  function placeTip(e) {
    const x = Math.min(e.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
    const y = Math.min(e.clientY + 12, window.innerHeight - tip.offsetHeight - 8);
    tip.style.left = Math.max(4, x) + "px";
    tip.style.top = Math.max(4, y) + "px";
  }
  const treeBox = $("tree");
  treeBox.addEventListener("mouseover", (e) => {
    const row = e.target.closest(".row");
    if (!row) return;
    tip.innerHTML = tooltipText(nodes[Number(row.dataset.id)], frame);
    tip.hidden = false;
    tip.dataset.node = row.dataset.id;
    placeTip(e);
  });
  treeBox.addEventListener("mousemove", (e) => { if (!tip.hidden) placeTip(e); });
  treeBox.addEventListener("mouseout", (e) => {
    const row = e.target.closest(".row");
    if (row && !row.contains(e.relatedTarget)) tip.hidden = true;
  });
  treeBox.addEventListener("click", (e) => {
    const more = e.target.closest(".more");
    if (more) {
      const id = Number(more.dataset.id);
      if (showAll.has(id)) showAll.delete(id); else showAll.add(id);
      drawTree(frame);
      return;
    }
    const row = e.target.closest(".row");
    if (!row) return;
    const n = nodes[Number(row.dataset.id)];
    if (e.target.classList.contains("toggle")) {
      userOpen.set(n.id, !isOpen(n));
      drawTree(frame);
      return;
    }
    pause();
    tip.hidden = true;
    show(firstFrame(n));
  });
  $("follow").addEventListener("change", () => drawTree(frame));

  $("find").addEventListener("input", (e) => {
    const q = e.target.value.trim().toLowerCase();
    const box = $("find-results");
    if (!q) { box.textContent = ""; return; }
    const hits = nodes.filter((n) => n.label.toLowerCase().includes(q)).sort((a, b) => a.first - b.first);
    box.innerHTML = hits.length
      ? "first reached (click to see): " + hits.slice(0, 30).map((n) =>
        "<span class=hit data-id=" + n.id + ">" + esc(n.label) + " at step " + fmt(n.first) + "</span>").join("") +
        (hits.length > 30 ? " … " + fmt(hits.length - 30) + " more" : "")
      : "no node is called like that" + (nodes.length >= D.max_nodes ? " among the nodes kept" : "");
  });
  $("find-results").addEventListener("click", (e) => {
    const hit = e.target.closest(".hit");
    if (hit) { pause(); show(firstFrame(nodes[Number(hit.dataset.id)])); }
  });

  // ---- MCTS: the root's moves over time -------------------------------------------------
  let markMcts = () => {};
  if (D.mcts && roots.length) {
    $("mcts-card").hidden = false;
    const root = nodes[roots[0]];
    const top = root.children.map((i) => nodes[i]).sort((a, b) => compare(a, b, last)).slice(0, 6);
    const palette = ["#ffd666", "#7fc8f8", "#9be38b", "#ff78be", "#c3a6ff", "#f4a261"];
    const series = top.map((n, i) => ({
      node: n, colour: palette[i],
      values: Array.from({ length: nFrames }, (_, f) => { const s = stats(n, f); return s ? s[3] : 0; }),
    }));
    const mark = lineChart($("mcts-chart"), series, 120, true);
    markMcts = (f) => {
      mark(f);
      $("mcts-legend").innerHTML = series.map((s) => {
        const st = stats(s.node, f);
        const text = st ? fmt(st[3]) + " sims, mean " + (st[4] === null ? "–" : (st[4] >= 0 ? "+" : "") + st[4].toFixed(2)) : "not yet";
        return "<span><span class=swatch style='background:" + s.colour + "'></span>" + esc(s.node.label) + ": " + text + "</span>";
      }).join("");
    };
  }

  function markCharts(f) {
    markMain(f);
    markMcts(f);
    $("chart-legend").innerHTML = chartSeries.map((s) => {
      const v = s.values[f];
      return "<span><span class=swatch style='background:" + s.colour + "'></span>" + s.name + " " + (v === null ? "–" : esc(fmt(v))) + "</span>";
    }).join("");
  }

  // ---- the outcome -----------------------------------------------------------------------
  function showOutcome(f) {
    const box = $("outcome");
    const o = D.outcome;
    if (!o) {
      box.innerHTML = "<span class=muted>The run did not finish: no outcome was reported.</span>";
      return;
    }
    if (f !== last) {
      box.innerHTML = "<span class=muted>The search is still running at this step; the outcome shows on the last step (press End).</span>";
      return;
    }
    let html = "<div class=text id=outcome-text>" + esc(o.text) + "</div>";
    if (o.route.length > 1) {
      html += "<div class=route><b>route</b> (" + fmt(o.route.length - 1) + " moves): " + esc(o.route.join(" → ")) +
        (o.route_more ? " … " + fmt(o.route_more) + " more" : "") + "</div>";
    } else if (o.best !== null) {
      html += "<div class=route><b>best</b>: " + esc(o.best) + "</div>";
    }
    html += "<div class=route>" + fmt(o.expanded) + " states expanded, " + fmt(o.visited) + " visited</div>";
    box.innerHTML = html;
  }

  // ---- start -----------------------------------------------------------------------------
  $("tree-help").textContent = (D.mcts
    ? "Each node is a state; its children are sorted by simulations, then mean reward. "
    : "Each node is a state, under the state it was first reached from; children sorted by visits, then value, then first visit. ") +
    "The best line is in yellow, the state drawn on the board is marked ◀ here; the top " + TOP + " children show, the rest fold under +N more.";
  if (D.cut_short) { $("cut").hidden = false; $("cut").textContent = D.cut_short; }
  if (!nFrames) {
    $("loading").textContent = "nothing was recorded: the run visited no state";
    document.body.dataset.ready = "1";
    return;
  }
  // The first frame shows at once, as a plain picture in the canvas's place: the page's load
  // waits for it, so nobody (a screenshot included) sees an empty board while the rest decode.
  const first = new Image();
  first.id = "first-frame";
  first.alt = "the board at the first step";
  first.src = F.keys[0][1];
  board.hidden = true;
  board.parentNode.insertBefore(first, board);
  first.addEventListener("load", () => {
    if (first.isConnected) $("loading").textContent = "loading the other frames…";
  });
  Promise.all([Promise.all(F.keys.map((k) => load(k[1]))), Promise.all(F.sheets.map(load))])
    .then(([keysLoaded, sheetsLoaded]) => {
      keyImages.push(...keysLoaded);
      sheetImages.push(...sheetsLoaded);
      first.remove();
      board.hidden = false;
      $("loading").hidden = true;
      shown = -1;
      show(frame);
      document.body.dataset.ready = "1";
    })
    .catch((err) => {
      $("loading").textContent = "the pictures could not be read: " + err;
      console.error("replay: pictures failed", err);
    });
  show(0);
})();
