/*
 * A contest program for Ticket to Ride and Labyrinth, written from docs/contest-protocol.md
 * (it does not use the contest's client library). It connects to `tourney serve` or to a
 * `tourney run`, plays games, prints one line per game and exits.
 *
 * Build:  cc -O2 -o bots/examples/cgs_client bots/examples/cgs_client.c
 * Usage:  cgs_client HOST PORT NAME [GAME [STRATEGY [GAMES [SPEC]]]]
 *   GAME      t2r (default) or labyrinth
 *   STRATEGY  Ticket to Ride: random (default), first, longest, shortest, hoard, blind;
 *             Labyrinth: random (default), stay. A suffix `:N` (random:2) changes the seed.
 *   GAMES     games to play on this connection (default 1); 0 plays until the server refuses.
 *   SPEC      what WAIT_GAME asks for (default empty; `TRAINING NICE_BOT` against `tourney serve`).
 *
 * Every choice comes from a generator seeded by NAME and the strategy's seed, so a program
 * given the same name plays the same game the same way. Strategies (Ticket to Ride; every one
 * first draws 3 tickets and keeps them, then plays the rule below each turn):
 *   blind     draws blind cards only;
 *   first     claims the first route (map order) it can pay for, else draws blind;
 *   longest   claims the longest route it can pay for, else draws blind;
 *   shortest  claims the shortest route it can pay for, else draws blind;
 *   hoard     draws until it holds 14 cards, then claims the longest it can pay for;
 *   random    claims a random payable route half the time, else draws blind.
 * Labyrinth: both insert the extra tile on an odd line away from the pawn (never undoing the
 * opponent's insertion) and leave the pawn where it is; `random` picks the line at random.
 *
 * Exit status: 0 when every game was played to its end; 1 when the server refused something
 * (its text is printed on stderr, as the contest's library does) or the connection broke.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* ---------- wire: commands out in one write, 6-digit-length frames in (§1) ---------- */

static int sock = -1;
static char frame[20000];

static void fail(const char *what) {
    fprintf(stderr, "cgs_client: %s\n", what);
    exit(1);
}

static void command(const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof buf) fail("command too long");
    if (write(sock, buf, (size_t)n) != n) fail("the connection broke while writing");
}

static void read_all(char *buf, size_t n) {
    for (size_t got = 0; got < n;) {
        ssize_t r = read(sock, buf + got, n - got);
        if (r <= 0) fail("the server closed the connection");
        got += (size_t)r;
    }
}

/* The next frame's payload, NUL-terminated, in `frame`. */
static char *next_frame(void) {
    char header[7] = {0};
    read_all(header, 6);
    size_t len = 0;
    for (int i = 0; i < 6; i++) {
        if (header[i] < '0' || header[i] > '9') fail("a frame header that is not 6 digits");
        len = len * 10 + (size_t)(header[i] - '0');
    }
    if (len >= sizeof frame) fail("a frame longer than the client's buffer");
    read_all(frame, len);
    frame[len] = 0;
    return frame;
}

/* Every command's first frame is OK; anything else is the server's error text (§2). */
static void expect_ok(void) {
    if (strcmp(next_frame(), "OK") != 0) {
        fprintf(stderr, "cgs_client: the server answered: %s\n", frame);
        exit(1);
    }
}

static void connect_to(const char *host, const char *port, const char *name) {
    struct addrinfo hints = {0}, *found;
    hints.ai_family = AF_INET; /* the contest's server speaks IPv4 (§1.1) */
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &found) != 0) fail("cannot resolve the host");
    sock = socket(AF_INET, SOCK_STREAM, 0);
    if (sock < 0 || connect(sock, found->ai_addr, found->ai_addrlen) != 0)
        fail("cannot connect (is the server listening yet?)");
    freeaddrinfo(found);
    int one = 1;
    setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    command("CLIENT_NAME %s", name);
    expect_ok();
}

/* PLAY_MOVE: the answer is copied out; returns the code (relative to us, the mover). */
static int play_move(const char *move, char *answer, size_t size) {
    command("PLAY_MOVE %s", move);
    expect_ok();
    snprintf(answer, size, "%s", next_frame());
    return atoi(next_frame());
}

/* GET_MOVE: the opponent's move and message are copied out; returns the code (relative to
 * the opponent, the mover). */
static int get_move(char *move, char *message) {
    command("GET_MOVE");
    expect_ok();
    snprintf(move, 128, "%s", next_frame());
    snprintf(message, 1024, "%s", next_frame());
    return atoi(next_frame());
}

/* ---------- deterministic choices ---------- */

static uint64_t rng_state;

static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(int n) { return n > 0 ? (int)(next_random() % (uint64_t)n) : 0; }

static void seed_from(const char *name, unsigned long extra) {
    uint64_t h = 0xCBF29CE484222325ULL; /* FNV-1a */
    for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001B3ULL;
    rng_state = h ^ (extra * 0x9E3779B97F4A7C15ULL);
}

/* ---------- Ticket to Ride (§5, §7.1) ---------- */

enum { MAX_ROUTES = 128, LOCO = 9, GRAY = 9 };

static struct { int c1, c2, len, col1, col2, taken; } route[MAX_ROUTES];
static int routes, cards[10], trains;

/* Reads the game data: city lines, route lines, then the face-up row and our 4 cards. */
static void t2r_setup(int cities, int count) {
    const char *p = next_frame();
    for (int i = 0; i < cities; i++) {
        p = strchr(p, '\n');
        if (!p) fail("unreadable game data (cities)");
        p++;
    }
    char *end;
    routes = count < MAX_ROUTES ? count : MAX_ROUTES;
    for (int r = 0; r < routes; r++) {
        int v[5];
        for (int k = 0; k < 5; k++) {
            v[k] = (int)strtol(p, &end, 10);
            if (end == p) fail("unreadable game data (routes)");
            p = end;
        }
        route[r].c1 = v[0], route[r].c2 = v[1], route[r].len = v[2];
        route[r].col1 = v[3], route[r].col2 = v[4], route[r].taken = 0;
    }
    memset(cards, 0, sizeof cards);
    for (int k = 0; k < 9; k++) {
        int code = (int)strtol(p, &end, 10);
        if (end == p) fail("unreadable game data (cards)");
        p = end;
        if (k >= 5 && code >= 1 && code <= 9) cards[code]++; /* the first 5 are face up */
    }
    trains = cities <= 8 ? 15 : 45; /* the small map, else usa and europe */
}

static void t2r_claimed(int c1, int c2) {
    for (int r = 0; r < routes; r++)
        if ((route[r].c1 == c1 && route[r].c2 == c2) || (route[r].c1 == c2 && route[r].c2 == c1))
            route[r].taken = 1; /* two players: a double route is claimed as a whole */
}

/* The colour to pay route r with, using as few locomotives as possible; 0 if we cannot. */
static int payment(int r, int *locos) {
    if (route[r].taken || route[r].len > trains) return 0;
    int best = 0;
    for (int c = 1; c <= 8; c++) {
        int allowed = route[r].col1 == GRAY || route[r].col1 == c || route[r].col2 == c;
        if (allowed && (best == 0 || cards[c] > cards[best])) best = c;
    }
    if (best == 0) return 0;
    int need = route[r].len - (cards[best] < route[r].len ? cards[best] : route[r].len);
    if (need > cards[LOCO]) return 0;
    *locos = need;
    return best;
}

static int hand_size(void) {
    int n = 0;
    for (int c = 1; c <= 9; c++) n += cards[c];
    return n;
}

/* The route this strategy claims now, or -1 to draw. */
static int t2r_choose(const char *strategy) {
    int locos, pick = -1, payable[MAX_ROUTES], n = 0;
    for (int r = 0; r < routes; r++)
        if (payment(r, &locos)) payable[n++] = r;
    if (n == 0 || strcmp(strategy, "blind") == 0) return -1;
    if (strcmp(strategy, "first") == 0) return payable[0];
    if (strcmp(strategy, "random") == 0) return below(2) ? payable[below(n)] : -1;
    if (strcmp(strategy, "hoard") == 0 && hand_size() < 14) return -1;
    int shortest = strcmp(strategy, "shortest") == 0;
    for (int i = 0; i < n; i++) {
        int len = route[payable[i]].len;
        if (pick < 0 || (shortest ? len < route[pick].len : len > route[pick].len)) pick = payable[i];
    }
    return pick;
}

/* One turn of ours; returns the last code (non-zero: the game is over). */
static int t2r_turn(const char *strategy, int first_turn) {
    char answer[1024], move[64];
    if (first_turn) { /* seat 0 must start so; seat 1 does the same to keep things simple */
        int code = play_move("4", answer, sizeof answer);
        return code ? code : play_move("5 1 1 1", answer, sizeof answer);
    }
    int r = t2r_choose(strategy), locos = 0;
    if (r >= 0) {
        int colour = payment(r, &locos);
        snprintf(move, sizeof move, "1 %d %d %d %d", route[r].c1, route[r].c2, colour, locos);
        int code = play_move(move, answer, sizeof answer);
        cards[colour] -= route[r].len - locos;
        cards[LOCO] -= locos;
        trains -= route[r].len;
        route[r].taken = 1;
        return code;
    }
    for (int draw = 0; draw < 2; draw++) { /* two blind cards (under cgs a blind draw is always legal) */
        int code = play_move("2", answer, sizeof answer);
        if (code) return code;
        int card = atoi(answer);
        if (card >= 1 && card <= 9) cards[card]++;
    }
    return 0;
}

/* Plays to the end; returns 1 if we won. */
static int play_t2r(int seat, const char *strategy) {
    char move[128], message[1024];
    int my_turn = seat == 0, first_turn = 1;
    for (;;) {
        if (my_turn) {
            int code = t2r_turn(strategy, first_turn);
            if (code) return code == 1;
            first_turn = 0;
            my_turn = 0;
            continue;
        }
        int code = get_move(move, message);
        if (code) return code == -1;
        int type = atoi(move), c1, c2;
        if (type == 1 && sscanf(move, "1 %d %d", &c1, &c2) == 2) t2r_claimed(c1, c2);
        /* Who moves next (§7.1): a card draw carries the replay flag, tickets are chosen next. */
        int again = type == 4 || ((type == 2 || type == 3) && atoi(message) == 1);
        my_turn = !again;
    }
}

/* ---------- Labyrinth (§5, §7.2) ---------- */

static int play_labyrinth(int seat, int width, int height, const char *strategy) {
    char move[128], message[1024], answer[1024], text[64];
    int x = seat == 0 ? 0 : width - 1, y = seat == 0 ? 0 : height - 1;
    int last_side = -1, last_line = -1, my_turn = seat == 0;
    for (;;) {
        if (my_turn) {
            /* An odd line (1, 3, ...) without our pawn, pushed from the left unless that would
             * undo the opponent's push from the right. */
            int lines = (height - 1) / 2; /* at least 3: sides are 7 to 13 */
            int line = 1 + 2 * (strcmp(strategy, "random") == 0 ? below(lines) : 0);
            if (line == y) line = line + 2 < height ? line + 2 : line - 2;
            int side = (last_side == 1 && last_line == line) ? 1 : 0;
            snprintf(text, sizeof text, "%d %d 0 %d %d", side, line, x, y);
            int code = play_move(text, answer, sizeof answer);
            if (code) return code == 1;
            my_turn = 0;
            continue;
        }
        int code = get_move(move, message);
        if (code) return code == -1;
        int side, line, rotation, nx, ny;
        if (sscanf(move, "%d %d %d %d %d", &side, &line, &rotation, &nx, &ny) != 5)
            fail("an opponent's move that does not read as 5 numbers");
        last_side = side, last_line = line;
        /* The opponent's insertion may push our pawn along (it wraps around). */
        if (side == 0 && y == line) x = (x + 1) % width;
        if (side == 1 && y == line) x = (x + width - 1) % width;
        if (side == 2 && x == line) y = (y + 1) % height;
        if (side == 3 && x == line) y = (y + height - 1) % height;
        my_turn = 1;
    }
}

/* ---------- one game after another ---------- */

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: cgs_client HOST PORT NAME [t2r|labyrinth [STRATEGY[:SEED] [GAMES [SPEC]]]]\n");
        return 2;
    }
    const char *game = argc > 4 ? argv[4] : "t2r";
    char strategy[32];
    snprintf(strategy, sizeof strategy, "%s", argc > 5 ? argv[5] : "random");
    unsigned long seed = 0;
    char *colon = strchr(strategy, ':');
    if (colon) {
        seed = strtoul(colon + 1, NULL, 10);
        *colon = 0;
    }
    int games = argc > 6 ? atoi(argv[6]) : 1;
    const char *spec = argc > 7 ? argv[7] : "";
    int labyrinth = strcmp(game, "labyrinth") == 0;
    if (!labyrinth && strcmp(game, "t2r") != 0) fail("the game is t2r or labyrinth");
    seed_from(argv[3], seed);
    connect_to(argv[1], argv[2], argv[3]);
    for (int played = 0; games == 0 || played < games; played++) {
        command(*spec ? "WAIT_GAME %s" : "WAIT_GAME", spec);
        expect_ok();
        while (strcmp(next_frame(), "NOT_READY") == 0) {
        }
        char name[32];
        snprintf(name, sizeof name, "%.31s", frame);
        int a, b;
        if (sscanf(next_frame(), "%d %d", &a, &b) != 2) fail("an unreadable size string");
        command("GET_GAME_DATA");
        expect_ok();
        int won;
        int seat;
        if (labyrinth) {
            next_frame(); /* the tiles: these strategies never look at them */
            seat = atoi(next_frame());
            won = play_labyrinth(seat, a, b, strategy);
        } else {
            t2r_setup(a, b);
            seat = atoi(next_frame());
            won = play_t2r(seat, strategy);
        }
        printf("game %s: seat %d %s\n", name, seat, won ? "won" : "lost");
        fflush(stdout);
    }
    close(sock);
    return 0;
}
