// Labyrinth: draw(scene, frame, seats) -> markup. Tiles line by line as [walls, item]; wall
// bits N=1, E=2, S=4, W=8; pawns as [x, y].
function labTile(x, y, s, walls, item, targets) {
  let g = `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="#6b4f35" stroke="#3b2a1a" stroke-width="0.5"/>`;
  const c = s / 3;
  g += `<rect x="${x + c}" y="${y + c}" width="${c}" height="${c}" fill="#f3e6c4"/>`;
  if (!(walls & 1)) g += `<rect x="${x + c}" y="${y}" width="${c}" height="${c}" fill="#f3e6c4"/>`;
  if (!(walls & 2)) g += `<rect x="${x + 2 * c}" y="${y + c}" width="${c}" height="${c}" fill="#f3e6c4"/>`;
  if (!(walls & 4)) g += `<rect x="${x + c}" y="${y + 2 * c}" width="${c}" height="${c}" fill="#f3e6c4"/>`;
  if (!(walls & 8)) g += `<rect x="${x}" y="${y + c}" width="${c}" height="${c}" fill="#f3e6c4"/>`;
  if (item) {
    const seat = targets.indexOf(item);
    const ring = seat >= 0 ? ` stroke="${SEAT_COLOURS[seat]}" stroke-width="3"` : ' stroke="#8a6d00"';
    g += `<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 5}" fill="#ffd84d"${ring}/>`;
    g += `<text x="${x + s / 2}" y="${y + s / 2 + 4}" font-size="${s / 4.5}" text-anchor="middle" fill="#222">${item}</text>`;
  }
  return g;
}
function draw(scene, frame, seats) {
  const s = 52, M = 30, W = frame.width * s + 2 * M + 3 * s, H = frame.height * s + 2 * M;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`;
  frame.tiles.forEach(([walls, item], i) => {
    const x = M + (i % frame.width) * s, y = M + Math.floor(i / frame.width) * s;
    svg += labTile(x, y, s, walls, item, frame.targets);
  });
  // Pawns beside the tile's middle, one each side, so they leave its item's number readable.
  frame.pawns.forEach(([x, y], seat) => {
    const dx = seat % 2 === 0 ? -s / 3 : s / 3, dy = seat < 2 ? 0 : s / 3;
    svg += `<circle cx="${M + x * s + s / 2 + dx}" cy="${M + y * s + s / 2 + dy}" r="${s / 7}" fill="${SEAT_COLOURS[seat]}" stroke="#000" data-pawn="${seat}"/>`;
  });
  const ex = M + frame.width * s + s;
  svg += `<text x="${ex}" y="${M - 8}" font-size="12">extra tile</text>`;
  svg += labTile(ex, M, s, frame.extra[0], frame.extra[1], frame.targets);
  if (frame.last) {
    svg += `<text x="${ex - s / 2}" y="${M + 2 * s}" font-size="11">last: ${esc(frame.last)}</text>`;
  }
  svg += "</svg>";
  let html = '<table class="seats"><tr><th>seat</th><th>position</th><th>items</th><th>next item</th></tr>';
  frame.pawns.forEach(([x, y], seat) => {
    const turn = !frame.over && frame.to_move === seat ? " &#x25C0;" : "";
    html += `<tr><td><span class="swatch" style="background:${SEAT_COLOURS[seat]}"></span>${seat} ${esc(seats[seat])}${turn}</td><td>(${x}, ${y})</td><td>${frame.collected[seat]}</td><td>${frame.targets[seat] ?? "all"}</td></tr>`;
  });
  return svg + html + "</table>";
}
