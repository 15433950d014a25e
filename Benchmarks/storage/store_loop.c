/*
 * Baseline for the storage benchmark: the statements MarketStore runs for a product detail read, for a
 * page of the 20 newest products and for a create with one image, issued by a plain C loop over the
 * sqlite3 API on a database that OpenMarketStorageBenchmark prepared with the same schema and data.
 * Usage: store_loop <database> <seeded product count> <reads> <creates> <image bytes>
 * Prints "c point_reads_per_second N", "c page_reads_per_second N" and "c creates_per_second N", each the
 * best of ROUNDS rounds, so that other load on a shared machine distorts the figures less.
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *detail_sql =
    "SELECT p.id, p.vendor_id, v.name, v.created_at, p.name, p.description, p.price, p.currency,"
    " p.discounted_price, p.stock, p.registered_at, p.thumbnail_image_id, p.password, p.product_secret,"
    " i.id, i.position, i.media_type, i.file_extension, i.origin_key, i.thumbnail_key, i.byte_count"
    " FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id LEFT JOIN images i ON i.product_id = p.id"
    " WHERE p.id = ?1 ORDER BY i.position";
static const char *page_sql =
    "WITH page AS (SELECT p.id FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id"
    " WHERE ?1 IS NULL OR instr(lower(p.name), lower(?1)) > 0 OR instr(lower(v.name), lower(?1)) > 0"
    " ORDER BY p.id DESC LIMIT ?2 OFFSET ?3)"
    " SELECT p.id, p.vendor_id, v.name, v.created_at, p.name, p.description, p.price, p.currency,"
    " p.discounted_price, p.stock, p.registered_at, p.thumbnail_image_id, p.password, p.product_secret,"
    " i.id, i.position, i.media_type, i.file_extension, i.origin_key, i.thumbnail_key, i.byte_count"
    " FROM page JOIN products p ON p.id = page.id"
    " LEFT JOIN vendors v ON v.id = p.vendor_id LEFT JOIN images i ON i.product_id = p.id"
    " ORDER BY p.id DESC, i.position";
static const char *count_sql = "SELECT count(*) FROM products";
static const char *insert_product_sql =
    "INSERT INTO products (vendor_id, name, description, price, currency, discounted_price, stock,"
    " registered_at, password, product_secret) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
static const char *insert_image_sql =
    "INSERT INTO images (product_id, position, media_type, file_extension, origin_key, thumbnail_key, byte_count)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
static const char *insert_image_data_sql = "INSERT INTO image_data (image_id, bytes) VALUES (?1, ?2)";

#define ROUNDS 5

static sqlite3 *db;

static void check(int code, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE) {
        fprintf(stderr, "store_loop: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement = NULL;
    check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql);
    return statement;
}

static void run(sqlite3_stmt *statement, const char *what) {
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {}
    check(code, what);
    sqlite3_reset(statement);
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static sqlite3_stmt *detail, *page, *count, *begin, *begin_read, *commit;
static sqlite3_stmt *insert_product, *insert_image, *insert_image_data;
static int64_t seeded;
static unsigned char *image;
static size_t image_size;

/* Reads every column of every row, as the Swift side does when it builds Products. */
static void read_rows(sqlite3_stmt *statement, const char *what) {
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
        for (int column = 0; column < sqlite3_column_count(statement); column++) {
            switch (sqlite3_column_type(statement, column)) {
            case SQLITE_INTEGER: (void)sqlite3_column_int64(statement, column); break;
            case SQLITE_FLOAT: (void)sqlite3_column_double(statement, column); break;
            case SQLITE_TEXT:
                (void)sqlite3_column_text(statement, column);
                (void)sqlite3_column_bytes(statement, column);
                break;
            default: break;
            }
        }
    }
    check(code, what);
    sqlite3_reset(statement);
}

static void read_detail(int64_t id) {
    sqlite3_bind_int64(detail, 1, id);
    read_rows(detail, "detail");
}

/* The same id sequence as OpenMarketStorageBenchmark. */
static void read_random_product(long n) {
    (void)n;
    static uint64_t random = 0x2545F4914F6CDD1DULL;
    random = random * 6364136223846793005ULL + 1442695040888963407ULL;
    read_detail(1 + (int64_t)((random >> 33) % (uint64_t)seeded));
}

/* The first ten pages of 20, newest first, in turn; count and page on one snapshot. */
static void read_page(long n) {
    run(begin_read, "begin");
    read_rows(count, "count");
    sqlite3_bind_null(page, 1);
    sqlite3_bind_int64(page, 2, 20);
    sqlite3_bind_int64(page, 3, (n % 10) * 20);
    read_rows(page, "page");
    run(commit, "commit");
}

static void create_product(long n) {
    char key[64];
    run(begin, "begin");
    sqlite3_bind_int64(insert_product, 1, 1);
    sqlite3_bind_text(insert_product, 2, "benchmark product", -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_product, 3, "a product created by the storage benchmark", -1, SQLITE_STATIC);
    sqlite3_bind_double(insert_product, 4, 1300000);
    sqlite3_bind_text(insert_product, 5, "KRW", -1, SQLITE_STATIC);
    sqlite3_bind_double(insert_product, 6, 1000);
    sqlite3_bind_int64(insert_product, 7, 12);
    sqlite3_bind_double(insert_product, 8, 1707300000.5);
    sqlite3_bind_null(insert_product, 9);
    sqlite3_bind_text(insert_product, 10, "3f1c2b1e-7838-11ec-abfa-55347a6e30e7", -1, SQLITE_STATIC);
    run(insert_product, "insert product");
    int64_t product_id = sqlite3_last_insert_rowid(db);

    sqlite3_bind_int64(insert_image, 1, product_id);
    sqlite3_bind_int64(insert_image, 2, 0);
    sqlite3_bind_text(insert_image, 3, "image/png", -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_image, 4, "png", -1, SQLITE_STATIC);
    snprintf(key, sizeof key, "c/%ld_origin.png", n);
    sqlite3_bind_text(insert_image, 5, key, -1, SQLITE_TRANSIENT);
    snprintf(key, sizeof key, "c/%ld_thumb.png", n);
    sqlite3_bind_text(insert_image, 6, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(insert_image, 7, (int64_t)image_size);
    run(insert_image, "insert image");

    sqlite3_bind_int64(insert_image_data, 1, sqlite3_last_insert_rowid(db));
    sqlite3_bind_blob64(insert_image_data, 2, image, image_size, SQLITE_STATIC);
    run(insert_image_data, "insert image data");

    read_detail(product_id);
    run(commit, "commit");
}

/* Operations per second in the fastest of ROUNDS rounds of count / ROUNDS operations each. */
static double best_rate(void (*operation)(long), long count) {
    double best = 0;
    long n = 0;
    for (int round = 0; round < ROUNDS; round++) {
        double start = seconds();
        for (long i = 0; i < count / ROUNDS; i++) operation(n++);
        double rate = (double)(count / ROUNDS) / (seconds() - start);
        if (rate > best) best = rate;
    }
    return best;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: store_loop <database> <seeded product count> <reads> <creates> <image bytes>\n");
        return 64;
    }
    seeded = atoll(argv[2]);
    long reads = atol(argv[3]), creates = atol(argv[4]);
    image_size = (size_t)atol(argv[5]);
    if (seeded <= 0 || reads < 10 * ROUNDS || creates < ROUNDS) {
        fprintf(stderr, "store_loop: the product count must be positive, reads at least %d, creates at least %d\n",
                10 * ROUNDS, ROUNDS);
        return 64;
    }
    check(sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL), "open");
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON",
                       NULL, NULL, NULL), "pragmas");
    sqlite3_busy_timeout(db, 10000);
    detail = prepare(detail_sql);
    page = prepare(page_sql);
    count = prepare(count_sql);
    begin = prepare("BEGIN IMMEDIATE");
    begin_read = prepare("BEGIN DEFERRED");
    commit = prepare("COMMIT");
    insert_product = prepare(insert_product_sql);
    insert_image = prepare(insert_image_sql);
    insert_image_data = prepare(insert_image_data_sql);
    image = malloc(image_size ? image_size : 1);
    for (size_t i = 0; i < image_size; i++) image[i] = (unsigned char)(i * 31);

    printf("c point_reads_per_second %.0f\n", best_rate(read_random_product, reads));
    printf("c page_reads_per_second %.0f\n", best_rate(read_page, reads / 10));
    printf("c creates_per_second %.0f\n", best_rate(create_product, creates));

    free(image);
    sqlite3_stmt *statements[] = {
        detail, page, count, begin, begin_read, commit, insert_product, insert_image, insert_image_data,
    };
    for (size_t i = 0; i < sizeof statements / sizeof *statements; i++) sqlite3_finalize(statements[i]);
    sqlite3_close(db);
    return 0;
}
