/* A contest client for the tests of `tourney serve`, written from
 * docs/contest-protocol.md (not from the contest's library): it speaks the wire the
 * way the library does (one write per command, 6-digit headers, exact frame counts, the
 * exact-"OK" check, NOT_READY skipped) and plays simple legal moves:
 *   t2r:  as player #0 it first draws and keeps 3 tickets; then it only draws blind cards;
 *   laby: it inserts on an odd line without its pawn and stays where it is.
 * usage: client HOST PORT NAME t2r|laby "WAIT_GAME spec" GAMES RECONNECT [FAULT MOVE]
 *   RECONNECT 1: a new connection per game (as contest programs run in a loop), 0: one
 *   connection, WAIT_GAME again after each game. FAULT, in the first game only, at its
 *   MOVE-th own move: "quit" closes the connection, "sleep" waits 3 s before answering,
 *   "garbage" sends an unknown command, "early" sends GET_MOVE on its own turn.
 * Prints "RESULT WIN|LOSS <game name> <seat>" per game; exits 0 unless the server
 * broke the protocol. */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int sock = -1;
static char frame[20000];

static void die(const char *what) {
    fprintf(stderr, "client: %s\n", what);
    exit(1);
}

static void sendf(const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (write(sock, buf, strlen(buf)) != (ssize_t)strlen(buf)) die("write failed");
}

static void read_exact(char *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(sock, buf + got, n - got);
        if (r <= 0) die("Cannot read message (server closed the connection)");
        got += (size_t)r;
    }
}

/* One frame into `frame`; dies if it does not fit `limit` bytes (the library's buffers). */
static char *read_frame(size_t limit) {
    char header[7] = {0};
    read_exact(header, 6);
    for (int i = 0; i < 6; i++)
        if (header[i] < '0' || header[i] > '9') die("bad header");
    size_t len = (size_t)atol(header);
    if (len >= limit) die("frame too long for the client's buffer");
    read_exact(frame, len);
    frame[len] = 0;
    return frame;
}

static void expect_ok(void) {
    read_frame(1024);
    if (strcmp(frame, "OK") != 0) {
        fprintf(stderr, "Error: The server does not acknowledge, but answered:\n%s\n", frame);
        exit(1);
    }
}

static void connect_to(const char *host, int port, const char *name) {
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) die("bad host");
    sock = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(sock, (struct sockaddr *)&addr, sizeof addr) != 0) die("cannot connect");
    sendf("CLIENT_NAME %s", name);
    expect_ok();
}

/* Game state the strategies need. */
static int seat, width, height, px, py, opp_side = -1, opp_index = -1, own_moves;
static const char *fault = "";
static int fault_move = -1, first_game = 1;

/* Deliberate faults, in the first game only; returns 1 if the game is over for us. */
static int misbehave(void) {
    if (!first_game || own_moves != fault_move) return 0;
    if (strcmp(fault, "quit") == 0) {
        close(sock);
        sock = -1;
        return 1;
    }
    if (strcmp(fault, "sleep") == 0) sleep(3);
    /* A request out of place: the server refuses it and closes. */
    const char *wrong = strcmp(fault, "garbage") == 0 ? "HELLO_SERVER"
                      : strcmp(fault, "early") == 0   ? "GET_MOVE"
                                                      : NULL;
    if (wrong) {
        sendf("%s", wrong);
        read_frame(1024);
        printf("REFUSED %s\n", frame);
        close(sock);
        sock = -1;
        return 1;
    }
    return 0;
}

/* PLAY_MOVE: returns the code; the answer is left in `frame`... copied to `answer`. */
static int play(const char *move, char *answer) {
    own_moves++;
    if (misbehave()) return 99;
    sendf("PLAY_MOVE %s", move);
    expect_ok();
    read_frame(1024);
    strcpy(answer, frame);
    read_frame(1024);
    return atoi(frame);
}

/* GET_MOVE: the move and message are copied out; returns the code. */
static int get_move(char *move, char *message) {
    sendf("GET_MOVE");
    expect_ok();
    read_frame(128);
    strcpy(move, frame);
    read_frame(1024);
    strcpy(message, frame);
    read_frame(1024);
    return atoi(frame);
}

/* What play()'s code means for the game: 1 we won, 0 we lost, -1 we quit, or GOES_ON. */
enum { GOES_ON = 2 };
static int after_play(int code) {
    if (code == 99) return -1;
    return code ? code == 1 : GOES_ON;
}

/* Plays until a non-zero code; returns 1 if we won, 0 if we lost, -1 if we quit. */
static int play_t2r(void) {
    char move[128], message[1024], answer[1024];
    int my_turn = seat == 0, first = 1;
    for (;;) {
        int code;
        if (my_turn) {
            /* Player #0 opens by drawing tickets and keeping all 3; else two blind draws. */
            int opening = first && seat == 0;
            int result = after_play(play(opening ? "4" : "2", answer));
            if (result == GOES_ON) result = after_play(play(opening ? "5 1 1 1" : "2", answer));
            first = 0;
            if (result != GOES_ON) return result;
            my_turn = 0;
        } else {
            code = get_move(move, message);
            if (code) return code == -1;
            int type = atoi(move), replay = 0;
            if (type == 2 || type == 3) replay = atoi(message);
            if (type == 4) replay = 1;
            my_turn = !replay;
        }
    }
}

static int play_laby(void) {
    char move[128], message[1024], answer[1024], text[64];
    int my_turn = seat == 0;
    px = seat == 0 ? 0 : width - 1;
    py = seat == 0 ? 0 : height - 1;
    for (;;) {
        int code;
        if (my_turn) {
            int line = 1;
            while (line == py) line += 2;
            /* Inserting left on a line the opponent just pushed right would undo it. */
            int side = (opp_side == 1 && opp_index == line) ? 1 : 0;
            snprintf(text, sizeof text, "%d %d 0 %d %d", side, line, px, py);
            int result = after_play(play(text, answer));
            if (result != GOES_ON) return result;
            my_turn = 0;
        } else {
            code = get_move(move, message);
            if (code) return code == -1;
            int side, index, rotation, x, y;
            if (sscanf(move, "%d %d %d %d %d", &side, &index, &rotation, &x, &y) != 5)
                die("unreadable opponent move");
            opp_side = side;
            opp_index = index;
            if (side == 0 && py == index) px = (px + 1) % width;
            if (side == 1 && py == index) px = (px + width - 1) % width;
            if (side == 2 && px == index) py = (py + 1) % height;
            if (side == 3 && px == index) py = (py + height - 1) % height;
            my_turn = 1;
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 8) die("usage: client HOST PORT NAME t2r|laby SPEC GAMES RECONNECT [FAULT MOVE]");
    const char *host = argv[1], *name = argv[3], *game = argv[4], *spec = argv[5];
    int port = atoi(argv[2]), games = atoi(argv[6]), reconnect = atoi(argv[7]);
    if (argc >= 10) {
        fault = argv[8];
        fault_move = atoi(argv[9]);
    }
    char game_name[20];
    for (int g = 0; g < games; g++) {
        if (sock < 0 || reconnect) {
            if (sock >= 0) close(sock);
            connect_to(host, port, name);
        }
        sendf("WAIT_GAME %s", spec);
        expect_ok();
        do read_frame(1024);
        while (strcmp(frame, "NOT_READY") == 0);
        if (strlen(frame) > 19) die("game name too long");
        strcpy(game_name, frame);
        read_frame(10);
        if (sscanf(frame, "%d %d", &width, &height) != 2) die("bad size string");
        sendf("GET_GAME_DATA");
        expect_ok();
        read_frame(4096);
        read_frame(1024);
        seat = frame[0] - '0';
        opp_side = opp_index = -1;
        own_moves = 0;
        if (strcmp(game, "laby") != 0) {
            sendf("SEND_COMMENT blind draws only");
            expect_ok();
        }
        sendf("DISP_GAME");
        expect_ok();
        read_frame(20000);
        int won = strcmp(game, "laby") == 0 ? play_laby() : play_t2r();
        if (won < 0)
            printf("RESULT QUIT %s %d\n", game_name, seat);
        else
            printf("RESULT %s %s %d\n", won ? "WIN" : "LOSS", game_name, seat);
        fflush(stdout);
        first_game = 0;
    }
    if (sock >= 0) close(sock);
    return 0;
}
