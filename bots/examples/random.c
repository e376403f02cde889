/*
 * A random legal player for any tourney game, speaking protocol version 1 (docs/protocol.md)
 * on stdin/stdout. It reads one JSON object per line, answers `hello` with `ready` and every
 * `act` with one of the listed legal actions, chosen uniformly with a generator seeded from
 * `new_game`, so the same game always gets the same answers.
 *
 * Build: cc -O2 -o random random.c      (no library needed)
 *
 * The JSON handling is deliberately tiny: it finds a key at the top level of an object and
 * copies a value's text verbatim, which is all a bot needs that echoes a legal action back.
 * A real bot would parse the `view` with a JSON library such as cJSON.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 1;

/* splitmix64: small, good enough for a random player. */
static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* Returns the first character after the JSON value starting at p (NULL if malformed). */
static const char *skip_value(const char *p) {
    p = skip_space(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1]) p++;
        return *p ? p + 1 : NULL;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (*p) {
            if (*p == '"') {
                p = skip_value(p);
                if (!p) return NULL;
                continue;
            }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') {
                depth--;
                if (depth == 0) return p + 1;
            }
            p++;
        }
        return NULL;
    }
    /* number, true, false, null */
    while (*p && *p != ',' && *p != '}' && *p != ']' && *p != ' ') p++;
    return p;
}

/* The value of `key` at the top level of the object starting at obj, or NULL. */
static const char *find_key(const char *obj, const char *key) {
    size_t len = strlen(key);
    const char *p = skip_space(obj);
    if (*p != '{') return NULL;
    p++;
    for (;;) {
        p = skip_space(p);
        if (*p != '"') return NULL;
        const char *name = p + 1;
        p = skip_value(p);
        if (!p) return NULL;
        int match = (size_t)(p - 1 - name) == len && strncmp(name, key, len) == 0;
        p = skip_space(p);
        if (*p != ':') return NULL;
        p = skip_space(p + 1);
        if (match) return p;
        p = skip_space(skip_value(p));
        if (!p || *p != ',') return NULL;
        p++;
    }
}

static int type_is(const char *line, const char *type) {
    const char *value = find_key(line, "type");
    size_t len = strlen(type);
    return value && value[0] == '"' && strncmp(value + 1, type, len) == 0 && value[len + 1] == '"';
}

/* Answers an `act` line with a uniformly chosen element of its `legal` array. */
static void act(const char *line) {
    const char *legal = find_key(line, "legal");
    if (!legal || *legal != '[') {
        fprintf(stderr, "random.c: no legal actions listed; set legal_actions = true\n");
        exit(1);
    }
    size_t count = 0;
    const char *p = skip_space(legal + 1);
    while (*p && *p != ']') {
        count++;
        p = skip_space(skip_value(p));
        if (*p == ',') p = skip_space(p + 1);
    }
    size_t pick = (size_t)(next_random() % (count ? count : 1));
    p = skip_space(legal + 1);
    for (size_t i = 0; i < pick; i++) {
        p = skip_space(skip_value(p));
        if (*p == ',') p = skip_space(p + 1);
    }
    const char *end = skip_value(p);
    printf("{\"action\":%.*s}\n", (int)(end - p), p);
    fflush(stdout);
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) > 0) {
        if (type_is(line, "hello")) {
            printf("{\"type\":\"ready\"}\n");
            fflush(stdout);
        } else if (type_is(line, "new_game")) {
            const char *seed = find_key(line, "seed");
            rng_state = seed ? strtoull(seed, NULL, 10) : 1;
        } else if (type_is(line, "act")) {
            act(line);
        } else if (type_is(line, "quit")) {
            break;
        }
        /* `played` and `game_over` need no answer. */
    }
    free(line);
    return 0;
}
