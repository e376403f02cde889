// Carcassonne: draw(scene, frame, seats) -> markup. Tiles at integer (x, y), y southwards,
// turned rot quarter turns clockwise; edge bits N=1, E=2, S=4, W=8 in printed orientation.
function ccEdge(bit, rot) { let d = Math.log2(bit); return (d + rot) % 4; }
function ccTile(t, p, X, Y, s) {
  let g = `<rect x="${X}" y="${Y}" width="${s}" height="${s}" fill="#8bc34a" stroke="#557a2b" stroke-width="0.5"/>`;
  const corners = [[X, Y], [X + s, Y], [X + s, Y + s], [X, Y + s]];
  const mid = [[X + s / 2, Y], [X + s, Y + s / 2], [X + s / 2, Y + s], [X, Y + s / 2]];
  const cx = X + s / 2, cy = Y + s / 2, d = s * 0.32;
  t.cities.forEach(c => {
    const edges = [1, 2, 4, 8].filter(b => c.edges & b).map(b => ccEdge(b, p.rot));
    edges.forEach(e => {
      const a = corners[e], b = corners[(e + 1) % 4];
      const ia = [a[0] + (cx - a[0]) * 0.62, a[1] + (cy - a[1]) * 0.62];
      const ib = [b[0] + (cx - b[0]) * 0.62, b[1] + (cy - b[1]) * 0.62];
      g += `<polygon points="${a} ${b} ${ib} ${ia}" fill="#c0713a" stroke="#7a4320" stroke-width="0.6"/>`;
    });
    if (edges.length >= 2) g += `<rect x="${cx - d / 2}" y="${cy - d / 2}" width="${d}" height="${d}" fill="#c0713a"/>`;
    if (c.shield) g += `<rect x="${mid[edges[0]][0] + (cx - mid[edges[0]][0]) * 0.4 - 3}" y="${mid[edges[0]][1] + (cy - mid[edges[0]][1]) * 0.4 - 3}" width="6" height="6" fill="#1e50c8"/>`;
  });
  t.roads.forEach(mask => {
    const edges = [1, 2, 4, 8].filter(b => mask & b).map(b => ccEdge(b, p.rot));
    edges.forEach(e => g += `<line x1="${mid[e][0]}" y1="${mid[e][1]}" x2="${cx}" y2="${cy}" stroke="#fff" stroke-width="${s / 10}"/>`);
    if (edges.length !== 2) g += `<circle cx="${cx}" cy="${cy}" r="${s / 9}" fill="#ddd" stroke="#666"/>`;
  });
  if (t.monastery) g += `<rect x="${cx - s / 7}" y="${cy - s / 7}" width="${s / 3.5}" height="${s / 3.5}" fill="#b71c1c" stroke="#fff"/>`;
  return g;
}
function draw(scene, frame, seats) {
  const s = 40, M = 20;
  const xs = frame.placed.map(p => p.x), ys = frame.placed.map(p => p.y);
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const W = (x1 - x0 + 1) * s + 2 * M, H = (y1 - y0 + 1) * s + 2 * M;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${Math.max(W, 400)}" height="${Math.max(H, 300)}">`;
  svg += `<rect width="${W}" height="${H}" fill="#f5f1e6"/>`;
  frame.placed.forEach(p => svg += ccTile(scene.types[p.tile], p, M + (p.x - x0) * s, M + (p.y - y0) * s, s));
  frame.followers.forEach(f => {
    const X = M + (f.x - x0) * s, Y = M + (f.y - y0) * s;
    svg += `<circle cx="${X}" cy="${Y}" r="${s / 7}" fill="${SEAT_COLOURS[f.seat]}" stroke="#000" data-follower="${f.seat}"><title>${f.kind}</title></circle>`;
  });
  svg += "</svg>";
  let html = '<table class="seats"><tr><th>seat</th><th>score</th><th>followers left</th></tr>';
  frame.scores.forEach((score, seat) => {
    const turn = !frame.over && frame.to_act === seat ? ` &#x25C0; places ${frame.current}` : "";
    html += `<tr><td><span class="swatch" style="background:${SEAT_COLOURS[seat]}"></span>${seat} ${esc(seats[seat])}${turn}</td><td>${score}</td><td>${frame.supply[seat]}</td></tr>`;
  });
  html += `</table><p>tiles in the bag: ${frame.bag}${frame.discards ? ", discarded: " + frame.discards : ""}</p>`;
  return svg + html;
}
