// Run inside a rendered page by tests/integration/layout.rs: checks that every drawing has
// marks inside its frame and that no label is covered, and writes what it found as JSON into
// <pre id="layout-check">. Geometry comes from the browser (getBBox, getClientRects), so text
// is measured as it is drawn.
(function () {
  const problems = [];
  const TOLERANCE = 1.5;

  const box = (x0, y0, x1, y1) => ({ x0, y0, x1, y1 });
  // An element's box in its drawing's units, after its own transform (rotated axis titles).
  function bbox(el) {
    const b = el.getBBox();
    const m = el.ownerSVGElement.getCTM().inverse().multiply(el.getCTM());
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = corners.map(p => p.x), ys = corners.map(p => p.y);
    return box(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  }
  const shrink = (b, by) => box(b.x0 + by, b.y0 + by, b.x1 - by, b.y1 - by);
  const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const inside = (a, b, by) => a.x0 >= b.x0 - by && a.x1 <= b.x1 + by && a.y0 >= b.y0 - by && a.y1 <= b.y1 + by;
  const show = b => `(${b.x0.toFixed(0)},${b.y0.toFixed(0)})-(${b.x1.toFixed(0)},${b.y1.toFixed(0)})`;
  const opacity = el => Number(el.getAttribute("opacity") ?? el.getAttribute("fill-opacity") ?? 1);
  const filled = el => { const f = el.getAttribute("fill"); return f !== null && f !== "none"; };

  // The straight pieces of a stroked shape, for crossing tests.
  function segments(el) {
    const tag = el.tagName.toLowerCase();
    if (tag === "line") {
      const a = n => Number(el.getAttribute(n));
      return [[a("x1"), a("y1"), a("x2"), a("y2")]];
    }
    if (tag === "polyline") {
      const p = Array.from(el.points);
      return p.slice(1).map((q, i) => [p[i].x, p[i].y, q.x, q.y]);
    }
    const b = bbox(el);
    return [[b.x0, b.y0, b.x1, b.y0], [b.x1, b.y0, b.x1, b.y1], [b.x1, b.y1, b.x0, b.y1], [b.x0, b.y1, b.x0, b.y0]];
  }

  // Whether segment (x0,y0)-(x1,y1) enters box b (Liang-Barsky clipping).
  function crosses(s, b) {
    const [x0, y0, x1, y1] = s;
    let t0 = 0, t1 = 1;
    const dx = x1 - x0, dy = y1 - y0;
    for (const [p, q] of [[-dx, x0 - b.x0], [dx, b.x1 - x0], [-dy, y0 - b.y0], [dy, b.y1 - y0]]) {
      if (p === 0) { if (q < 0) return false; continue; }
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
    return true;
  }

  // Whether a mark drawn in the plot touches the label's box.
  function touches(mark, label) {
    const tag = mark.el.tagName.toLowerCase();
    if (tag === "line" || tag === "polyline" || (tag === "rect" && !filled(mark.el))) {
      // A stroke is as wide as it is drawn.
      const half = Number(mark.el.getAttribute("stroke-width") ?? 1) / 2;
      return segments(mark.el).some(s => crosses(s, shrink(label.box, -half)));
    }
    return overlaps(mark.box, label.box);
  }

  // A plot's frame: its two axes (the first long black vertical and horizontal lines, drawn
  // before any data), or the whole drawing when it has none (a board).
  function frameOf(svg, shapes) {
    const axis = vertical => shapes.find(s => {
      if (s.el.tagName.toLowerCase() !== "polyline" || s.el.getAttribute("stroke") !== "#000000" || opacity(s.el) < 1) return false;
      const w = s.box.x1 - s.box.x0, h = s.box.y1 - s.box.y0;
      return vertical ? w < 1 && h > 100 : h < 1 && w > 100;
    });
    const left = axis(true), bottom = axis(false);
    if (left && bottom) return { box: box(left.box.x0, left.box.y0, bottom.box.x1, bottom.box.y0), axes: [left.el, bottom.el] };
    const v = svg.viewBox.baseVal;
    const whole = v && v.width > 0 ? box(v.x, v.y, v.x + v.width, v.y + v.height)
      : box(0, 0, svg.width.baseVal.value, svg.height.baseVal.value);
    return { box: whole, axes: [] };
  }

  function checkSvg(svg, name) {
    const all = Array.from(svg.querySelectorAll("rect,circle,ellipse,line,polyline,polygon,path,text"));
    const items = all.map((el, order) => ({ el, order, box: bbox(el), text: el.tagName.toLowerCase() === "text" }));
    const shapes = items.filter(i => !i.text);
    const labels = items.filter(i => i.text && i.el.textContent.trim() !== "");
    const frame = frameOf(svg, shapes);
    const canvas = frameOf(svg, []).box;
    // Light grid lines and the page's background are not marks; ticks sit outside the frame.
    const marks = shapes.filter(s => !frame.axes.includes(s.el) && opacity(s.el) >= 0.5
      && !inside(canvas, s.box, 0) && !(frame.axes.length && !overlaps(s.box, frame.box) && Math.max(s.box.x1 - s.box.x0, s.box.y1 - s.box.y0) <= 8));
    if (marks.length === 0 && !labels.some(l => /no data/.test(l.el.textContent))) problems.push(`${name}: no marks`);
    for (const m of marks) {
      const what = `${name}: <${m.el.tagName} ${show(m.box)}>`;
      if (!inside(m.box, frame.box, TOLERANCE + Number(m.el.getAttribute("stroke-width") ?? 1))) problems.push(`${what} outside the frame ${show(frame.box)}`);
      const w = m.box.x1 - m.box.x0, h = m.box.y1 - m.box.y0;
      const tag = m.el.tagName.toLowerCase();
      if ((tag === "rect" && (w <= 0 || h <= 0)) || w + h <= 0) problems.push(`${what} has no size`);
    }
    // A filled shape drawn under a label that holds all of it is the label's background (a
    // cell, a legend, a token): it hides what was drawn before it.
    const backgrounds = marks.filter(m => filled(m.el) && m.el.tagName.toLowerCase() !== "polyline");
    const shielded = (mark, label) => backgrounds.some(b => b.order > mark.order && b.order < label.order && inside(label.box, b.box, 0));
    // A label with a halo (a white stroke painted under its letters, as maps do) masks what
    // was drawn before it.
    const haloed = label => label.el.getAttribute("paint-order") === "stroke" && /^(#fff|#ffffff|white)$/i.test(label.el.getAttribute("stroke") ?? "");
    for (const label of labels) {
      const text = JSON.stringify(label.el.textContent.trim());
      if (!inside(label.box, canvas, TOLERANCE)) problems.push(`${name}: label ${text} ${show(label.box)} leaves the drawing`);
      const core = { ...label, box: shrink(label.box, 1) };
      for (const mark of marks) {
        if (!touches(mark, core)) continue;
        const isBackground = backgrounds.includes(mark) && mark.order < label.order && inside(label.box, mark.box, 0);
        if (isBackground || shielded(mark, label) || (haloed(label) && mark.order < label.order)) continue;
        problems.push(`${name}: label ${text} ${show(label.box)} meets <${mark.el.tagName} ${show(mark.box)}>`);
      }
    }
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        if (overlaps(shrink(labels[i].box, 1), shrink(labels[j].box, 1))) {
          problems.push(`${name}: labels ${JSON.stringify(labels[i].el.textContent.trim())} and ${JSON.stringify(labels[j].el.textContent.trim())} overlap`);
        }
      }
    }
  }

  // What of the page an element can show: its scrolling ancestors' boxes (a scrolled list's
  // hidden items are not on the page).
  function clipOf(el) {
    let clip = box(-Infinity, -Infinity, Infinity, Infinity);
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const r = a.getBoundingClientRect();
        clip = box(Math.max(clip.x0, r.left), Math.max(clip.y0, r.top), Math.min(clip.x1, r.right), Math.min(clip.y1, r.bottom));
      }
    }
    return clip;
  }

  // Text outside drawings: no two pieces of the page's text may overlap (in viewport
  // coordinates, as the page is scrolled now).
  function checkText() {
    const rects = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest("svg,script,style,#layout-check")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const clip = clipOf(node.parentElement);
      for (const r of range.getClientRects()) {
        const seen = box(Math.max(r.left, clip.x0), Math.max(r.top, clip.y0), Math.min(r.right, clip.x1), Math.min(r.bottom, clip.y1));
        if (seen.x1 > seen.x0 && seen.y1 > seen.y0) rects.push({ node, box: seen });
      }
    }
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        if (rects[i].node !== rects[j].node && overlaps(shrink(rects[i].box, 1), shrink(rects[j].box, 1))) {
          problems.push(`page text ${JSON.stringify(rects[i].node.textContent.trim().slice(0, 40))} and ${JSON.stringify(rects[j].node.textContent.trim().slice(0, 40))} overlap`);
        }
      }
    }
    return rects.length;
  }

  // A list in a scrolled box (the replay page's steps) must fit its width: a step cut off at
  // the side and reached only by scrolling sideways is unread.
  function checkLists() {
    for (const list of document.querySelectorAll("ol, ul")) {
      const panel = list.parentElement;
      const scrolled = ["auto", "scroll"].includes(getComputedStyle(panel).overflowY);
      if (scrolled && panel.scrollWidth > panel.clientWidth + 1) {
        problems.push(`list #${list.id || list.tagName} is ${panel.scrollWidth - panel.clientWidth}px wider than its box: it needs sideways scrolling`);
      }
    }
  }

  function run() {
    checkLists();
    const svgs = Array.from(document.querySelectorAll("svg"));
    svgs.forEach((svg, i) => {
      const figure = svg.closest("figure");
      checkSvg(svg, figure && figure.id ? figure.id : `svg ${i}`);
    });
    const texts = checkText();
    const out = document.createElement("pre");
    out.id = "layout-check";
    out.textContent = JSON.stringify({ drawings: svgs.length, texts, problems });
    document.body.appendChild(out);
  }
  if (document.readyState === "complete") run(); else addEventListener("load", run);
})();
