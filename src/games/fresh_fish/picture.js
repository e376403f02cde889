// Fresh Fish: draw(scene, frame, seats) -> markup. Cells row by row as short codes: "" empty,
// "R" road, "T" tree, "M<seat>" marker, "P<kind>" producer, "S<kind><seat>" shop.
function draw(scene, frame, seats) {
  const s = 46, M = 16, cols = frame.cols, rows = frame.cells.length / cols;
  const W = cols * s + 2 * M, H = rows * s + 2 * M;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`;
  frame.cells.forEach((code, i) => {
    const x = M + (i % cols) * s, y = M + Math.floor(i / cols) * s, cx = x + s / 2, cy = y + s / 2;
    const kind = code[0];
    const fill = kind === "R" ? "#b0a79a" : kind === "T" ? "#c8e6c9" : "#fdfcf7";
    svg += `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${fill}" stroke="#ccc" data-cell="${esc(code)}"/>`;
    if (kind === "T") svg += `<polygon points="${cx},${y + 6} ${x + s - 9},${y + s - 10} ${x + 9},${y + s - 10}" fill="#2e7d32"/>`;
    if (kind === "M") svg += `<circle cx="${cx}" cy="${cy}" r="${s / 6}" fill="${SEAT_COLOURS[Number(code[1])]}" stroke="#000"/>`;
    if (kind === "P") {
      svg += `<rect x="${x + 4}" y="${y + 4}" width="${s - 8}" height="${s - 8}" fill="#37474f" rx="4"/>`;
      svg += `<text x="${cx}" y="${cy + 6}" font-size="17" text-anchor="middle" fill="#fff">${code[1]}</text>`;
    }
    if (kind === "S") {
      svg += `<rect x="${x + 4}" y="${y + 4}" width="${s - 8}" height="${s - 8}" fill="${SEAT_COLOURS[Number(code[2])]}" rx="4"/>`;
      svg += `<text x="${cx}" y="${cy + 6}" font-size="17" text-anchor="middle" fill="#fff">${code[1].toLowerCase()}</text>`;
    }
  });
  svg += "</svg>";
  let html = '<table class="seats"><tr><th>seat</th><th>coins</th><th>markers left</th>' + (frame.scores ? "<th>score (lower wins)</th>" : "") + "</tr>";
  frame.players.forEach((p, seat) => {
    const turn = frame.seat === seat && !frame.over ? " &#x25C0;" : "";
    html += `<tr><td><span class="swatch" style="background:${SEAT_COLOURS[seat]}"></span>${seat} ${esc(seats[seat])}${turn}</td><td>${p.coins}</td><td>${p.markers}</td>${frame.scores ? "<td>" + frame.scores[seat] + "</td>" : ""}</tr>`;
  });
  html += `</table><p>${esc(frame.phase)}; in the bag: ${frame.bag.trees} trees, shops A–E ${frame.bag.shops.join(" ")}. Producers are dark (capital letter), shops in their owner's colour (small letter), roads grey.</p>`;
  return svg + html;
}
