// Ticket to Ride: draw(scene, frame, seats) -> markup. Cities at scene.cities[i].{x,y}
// (unscaled), routes with track colour codes 1-9 (9 = gray), owners per route (-1 = free).
const T2R_COLOURS = {1: "#8e44ad", 2: "#f4f4f4", 3: "#2e6fd8", 4: "#f1c40f", 5: "#e67e22",
  6: "#222", 7: "#d93a2b", 8: "#27ae60", 9: "#999"};
const T2R_NAMES = {1: "purple", 2: "white", 3: "blue", 4: "yellow", 5: "orange", 6: "black",
  7: "red", 8: "green", 9: "locomotive"};
// Labels wear a white halo (the page's background) so the tracks under them do not hide them.
const T2R_HALO = 'stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';
// A label's box, estimated from its font size (a digit or letter is at most about 0.7 em).
function t2rBox(x, y, text, size, anchor) {
  const w = 0.7 * size * String(text).length, left = anchor === "middle" ? x - w / 2 : x;
  return {x0: left - 2, y0: y - size - 1, x1: left + w + 2, y1: y + 3};
}
function t2rMeets(a, b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }
function draw(scene, frame, seats) {
  const W = 1000, H = 640, M = 40;
  const xs = scene.cities.map(c => c.x), ys = scene.cities.map(c => c.y);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const k = Math.min((W - 2 * M) / (x1 - x0 || 1), (H - 2 * M) / (y1 - y0 || 1));
  const px = c => M + (c.x - x0) * k, py = c => M + (c.y - y0) * k;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`;
  // Tracks first, then the cities, then every label on top, so nothing is drawn over a label.
  scene.routes.forEach((r, id) => {
    const a = scene.cities[r.a], b = scene.cities[r.b];
    const ax = px(a), ay = py(a), bx = px(b), by = py(b);
    const len = Math.hypot(bx - ax, by - ay) || 1, nx = -(by - ay) / len, ny = (bx - ax) / len;
    const owner = frame.owners[id];
    r.colours.forEach((code, t) => {
      const off = r.colours.length === 2 ? (t === 0 ? -3.5 : 3.5) : 0;
      const line = `x1="${ax + nx * off}" y1="${ay + ny * off}" x2="${bx + nx * off}" y2="${by + ny * off}"`;
      // White track on a white page: a grey edge keeps it visible.
      if (code === 2) svg += `<line ${line} stroke="#999" stroke-width="6"/>`;
      svg += `<line ${line} stroke="${T2R_COLOURS[code]}" stroke-width="4" stroke-opacity="${code === 2 ? 1 : 0.75}"/>`;
    });
    if (owner >= 0) {
      svg += `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${SEAT_COLOURS[owner]}" stroke-width="10" stroke-linecap="round" data-owner="${owner}"/>`;
    }
  });
  scene.cities.forEach(c => {
    svg += `<circle cx="${px(c)}" cy="${py(c)}" r="5" fill="#fff" stroke="#333" stroke-width="1.5"/>`;
  });
  // City names first; each route's length goes beside its track's middle, or a little along
  // it, wherever it meets no name and no other length.
  const taken = scene.cities.map(c => t2rBox(px(c) + 7, py(c) - 6, c.name, 11, "start"));
  scene.routes.forEach(r => {
    const a = scene.cities[r.a], b = scene.cities[r.b];
    const ax = px(a), ay = py(a), bx = px(b), by = py(b);
    const len = Math.hypot(bx - ax, by - ay) || 1, nx = -(by - ay) / len, ny = (bx - ax) / len;
    const spots = [];
    [0.5, 0.4, 0.6, 0.3, 0.7].forEach(t => [9, -9, 14, -14].forEach(d => {
      spots.push([ax + (bx - ax) * t + nx * d, ay + (by - ay) * t + ny * d + 3]);
    }));
    const spot = spots.find(([x, y]) => !taken.some(box => t2rMeets(box, t2rBox(x, y, r.length, 9, "middle")))) ?? spots[0];
    taken.push(t2rBox(spot[0], spot[1], r.length, 9, "middle"));
    svg += `<text x="${spot[0]}" y="${spot[1]}" font-size="9" text-anchor="middle" fill="#555" ${T2R_HALO}>${r.length}</text>`;
  });
  scene.cities.forEach(c => {
    svg += `<text x="${px(c) + 7}" y="${py(c) - 6}" font-size="11" fill="#222" ${T2R_HALO}>${esc(c.name)}</text>`;
  });
  svg += "</svg>";
  return svg + t2rSeats(scene, frame, seats);
}
// Tickets are ticked when the seat's claimed routes connect their cities.
function t2rConnected(scene, frame, seat) {
  const parent = scene.cities.map((_, i) => i);
  const find = i => parent[i] === i ? i : (parent[i] = find(parent[i]));
  scene.routes.forEach((r, id) => { if (frame.owners[id] === seat) parent[find(r.a)] = find(r.b); });
  return (a, b) => find(a) === find(b);
}
function t2rTicket(scene, id) { return scene.tickets.find(t => t.id === id); }
function t2rCards(counts) {
  return counts.map((n, i) => n ? `<span class="swatch" style="background:${T2R_COLOURS[i + 1]}" title="${T2R_NAMES[i + 1]}"></span>${n}` : "").join(" ");
}
function t2rSeats(scene, frame, seats) {
  let html = '<table class="seats"><tr><th>seat</th><th>trains</th><th>route pts</th><th>hand</th><th>tickets</th></tr>';
  frame.players.forEach((p, seat) => {
    const connected = t2rConnected(scene, frame, seat);
    const tickets = p.tickets.map(id => {
      const t = t2rTicket(scene, id);
      const done = connected(t.from, t.to);
      return `${done ? "&#x2714;" : "&#x2717;"} ${esc(scene.cities[t.from].name)}–${esc(scene.cities[t.to].name)} (${t.points})`;
    });
    const offer = p.offer.map(id => { const t = t2rTicket(scene, id); return `${esc(scene.cities[t.from].name)}–${esc(scene.cities[t.to].name)} (${t.points})`; });
    const turn = !frame.over && frame.to_act === seat ? ` &#x25C0; ${frame.phase}` : "";
    html += `<tr><td><span class="swatch" style="background:${SEAT_COLOURS[seat]}"></span>${seat} ${esc(seats[seat])}${turn}</td><td>${p.trains}</td><td>${p.route_points}</td><td>${t2rCards(p.hand)}</td><td>${tickets.join("<br>")}${offer.length ? "<br><i>offered: " + offer.join(", ") + "</i>" : ""}</td></tr>`;
  });
  const row = frame.face_up.map(code => code ? `<span class="swatch" style="background:${T2R_COLOURS[code]}" title="${T2R_NAMES[code]}"></span>` : "–").join(" ");
  html += `</table><p>face up: ${row} &nbsp; deck ${frame.deck}, discard ${frame.discard}, tickets left ${frame.ticket_pile}</p>`;
  return html;
}
