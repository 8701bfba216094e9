package io.kitesql.api;

import static io.kitesql.testing.Failures.assertFails;
import static io.kitesql.testing.QueryRows.column;
import static io.kitesql.testing.QueryRows.lists;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * INSERT ... ON CONFLICT with PostgreSQL's semantics. Every expected result is worked out by hand
 * from the statements (the rows in comments); {@code UpsertSqliteDifferentialTest} compares random
 * workloads with SQLite where the two agree.
 */
class UpsertTest {
  @TempDatabase Database db;

  /**
   * kv: k primary key, v a counter, tag unique, grp indexed; rows (1, 10, 'a', 1), (2, 20, 'b', 1).
   */
  static Database withKv(Database db) {
    db.execute(
        "create table kv (k int primary key, v int not null, tag varchar(10) unique, grp int)");
    db.execute("create index kv_grp on kv (grp)");
    db.execute("insert into kv values (1, 10, 'a', 1), (2, 20, 'b', 1)");
    return db;
  }

  static List<String> table(Database db) {
    return column(
        db,
        "select k || ':' || v || ':' || coalesce(tag, '-') || ':' || coalesce(cast(grp as varchar), '-') from kv order by k");
  }

  @Test
  void doUpdateChangesTheStoredRowFromItsOwnValuesAndExcluded() {
    withKv(db);
    // (1, 5) collides with k = 1: v = 10 + 5; (3, 30) is new; the count is 1 updated + 1 inserted
    long count =
        db.execute(
            "insert into kv (k, v, tag) values (1, 5, 'x'), (3, 30, 'c') "
                + "on conflict (k) do update set v = kv.v + excluded.v, grp = 2");
    assertThat(count).isEqualTo(2);
    // the updated row keeps its tag ('a', not 'x') and gets grp 2; the new row has grp NULL
    assertThat(table(db)).containsExactly("1:15:a:2", "2:20:b:1", "3:30:c:-");
    // the secondary index followed: grp = 2 finds row 1 through kv_grp, grp = 1 only row 2
    assertThat(column(db, "select k from kv where grp = 2")).containsExactly("1");
    assertThat(column(db, "select k from kv where grp = 1")).containsExactly("2");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void returningGivesTheRowsInsertedAndUpdatedAsWrittenInOrder() {
    withKv(db);
    var returned =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into kv (k, v) values (5, 1), (2, 7), (1, 3) "
                            + "on conflict (k) do update set v = excluded.v * 100 returning k, v, tag")));
    assertThat(returned)
        .containsExactly(
            List.of("5", "1", "null"), List.of("2", "700", "b"), List.of("1", "300", "a"));
    // DO NOTHING returns only the rows it inserted
    var inserted =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into kv (k, v) values (1, 0), (6, 6) on conflict do nothing returning *")));
    assertThat(inserted).containsExactly(List.of("6", "6", "null", "null"));
  }

  @Test
  void doNothingSkipsCollisionsInAnyUniqueKeyWithoutATarget() {
    withKv(db);
    // (1, ...) collides in the primary key, (7, 'b') in unique tag, (8, 'h') is new
    assertThat(
            db.execute(
                "insert into kv values (1, 0, 'z', null), (7, 0, 'b', null), (8, 80, 'h', null) on conflict do nothing"))
        .isEqualTo(1);
    assertThat(table(db)).containsExactly("1:10:a:1", "2:20:b:1", "8:80:h:-");
    // two proposed rows with one key: the first is inserted, the second collides with it and is
    // dropped
    assertThat(db.execute("insert into kv (k, v) values (9, 1), (9, 2) on conflict (k) do nothing"))
        .isEqualTo(1);
    assertThat(column(db, "select v from kv where k = 9")).containsExactly("1");
    // NULLs never collide in a unique index
    assertThat(
            db.execute(
                "insert into kv (k, v, tag) values (10, 0, null), (11, 0, null) on conflict (tag) do nothing"))
        .isEqualTo(2);
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void aCollisionInAKeyThatIsNotAnArbiterIsStillAUniqueViolationAndWritesNothing() {
    withKv(db);
    // (3, 'a') collides only in tag, which ON CONFLICT (k) does not arbitrate; the row before it
    // is undone too
    assertFails(
        () ->
            db.execute(
                "insert into kv (k, v, tag) values (4, 4, 'd'), (3, 3, 'a') on conflict (k) do nothing"),
        ErrorCode.UNIQUE_VIOLATION,
        "(tag)=('a')");
    // an update that makes the stored row collide with another: row 1 would take row 2's tag
    assertFails(
        () ->
            db.execute(
                "insert into kv (k, v) values (1, 0) on conflict (k) do update set tag = 'b'"),
        ErrorCode.UNIQUE_VIOLATION,
        "(tag)=('b')");
    // an update of the arbiter's own key onto another row
    assertFails(
        () -> db.execute("insert into kv (k, v) values (1, 0) on conflict (k) do update set k = 2"),
        ErrorCode.UNIQUE_VIOLATION,
        "PRIMARY KEY");
    assertThat(table(db)).containsExactly("1:10:a:1", "2:20:b:1");
  }

  @Test
  void aRowCannotBeAffectedTwiceByOneDoUpdate() {
    withKv(db);
    // both proposed rows hit stored row 1: the result would depend on their order
    assertFails(
        () ->
            db.execute(
                "insert into kv (k, v) values (1, 1), (1, 2) on conflict (k) do update set v = excluded.v"),
        ErrorCode.CARDINALITY_VIOLATION,
        "cannot affect row a second time");
    // a row this statement inserted counts too: (5, 1) is inserted, then (5, 2) would update it
    assertFails(
        () ->
            db.execute(
                "insert into kv (k, v) values (5, 1), (5, 2) on conflict (k) do update set v = excluded.v"),
        ErrorCode.CARDINALITY_VIOLATION,
        "(k)=(5)");
    assertThat(table(db)).containsExactly("1:10:a:1", "2:20:b:1");
    // a row that a failed WHERE left alone was not affected: the second proposal may update it
    assertThat(
            db.execute(
                "insert into kv (k, v) values (1, 1), (1, 2) on conflict (k) do update set v = excluded.v "
                    + "where excluded.v > 1"))
        .isEqualTo(1);
    assertThat(column(db, "select v from kv where k = 1")).containsExactly("2");
  }

  @Test
  void theWhereOfDoUpdateDecidesPerRowAndUncountedRowsAreNotReturned() {
    withKv(db);
    var returned =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into kv (k, v) values (1, 1), (2, 2), (3, 3) "
                            + "on conflict (k) do update set v = kv.v + excluded.v where kv.v < 15 returning k, v")));
    // row 1 (v 10 < 15) becomes 11; row 2 (v 20) stays; 3 is inserted
    assertThat(returned).containsExactly(List.of("1", "11"), List.of("3", "3"));
    assertThat(table(db)).containsExactly("1:11:a:1", "2:20:b:1", "3:3:-:-");
    // a WHERE that is NULL does not update either
    assertThat(
            db.execute(
                "insert into kv (k, v) values (3, 0) on conflict (k) do update set v = 99 where kv.tag = 'q'"))
        .isZero();
  }

  @Test
  void theTargetMayNameAUniqueIndexInAnyColumnOrder() {
    db.execute("create table pair (id int primary key, a int, b varchar(5), n int)");
    db.execute("create unique index pair_ab on pair (a, b)");
    db.execute("insert into pair values (1, 1, 'x', 0), (2, 1, 'y', 0)");
    // (b, a) matches pair_ab: (9, 1, 'y') collides with row 2 and bumps its n
    assertThat(
            db.execute(
                "insert into pair values (9, 1, 'y', 5) on conflict (b, a) do update set n = pair.n + excluded.n"))
        .isEqualTo(1);
    assertThat(column(db, "select id || ':' || n from pair order by id"))
        .containsExactly("1:0", "2:5");
    assertFails(
        () -> db.execute("insert into pair values (9, 1, 'y', 5) on conflict (a) do nothing"),
        ErrorCode.INVALID_CONFLICT_TARGET,
        "there is no unique or exclusion constraint matching the ON CONFLICT specification");
    assertFails(
        () -> db.execute("insert into pair values (9, 1, 'y', 5) on conflict (id, a) do nothing"),
        ErrorCode.INVALID_CONFLICT_TARGET,
        "no unique or exclusion constraint");
  }

  @Test
  void aTableWithoutPrimaryKeyUpsertsThroughItsUniqueIndex() {
    db.execute("create table seen (email varchar(30) unique, hits int)");
    var upsert =
        db.prepare(
            "insert into seen values (?, 1) on conflict (email) do update set hits = seen.hits + 1");
    for (var email : List.of("a@x", "b@x", "a@x", "a@x")) {
      long count = db.write(tx -> tx.execute(upsert, email));
      assertThat(count).isEqualTo(1);
    }
    assertThat(column(db, "select email || '=' || hits from seen order by email"))
        .containsExactly("a@x=3", "b@x=1");
    // no target, and no key at all: nothing can collide
    db.execute("create table plain (v int)");
    assertThat(db.execute("insert into plain values (1), (1) on conflict do nothing")).isEqualTo(2);
    assertFails(
        () -> db.execute("insert into plain values (1) on conflict (v) do nothing"),
        ErrorCode.INVALID_CONFLICT_TARGET,
        "");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void notNullIsCheckedBeforeTheConflict() {
    withKv(db);
    // row 1 exists, but the proposed row breaks NOT NULL of v first (PostgreSQL checks
    // constraints before conflicts)
    assertFails(
        () -> db.execute("insert into kv (k, v) values (1, null) on conflict (k) do nothing"),
        ErrorCode.NOT_NULL_VIOLATION,
        "v");
    // a DO UPDATE that sets NULL fails as an UPDATE would
    assertFails(
        () ->
            db.execute(
                "insert into kv (k, v) values (1, 0) on conflict (k) do update set v = null"),
        ErrorCode.NOT_NULL_VIOLATION,
        "v");
    assertThat(table(db)).containsExactly("1:10:a:1", "2:20:b:1");
  }

  @Test
  void aKeyTooLargeToStoreIsAnErrorAlsoWhenLookingForTheConflict() {
    db.execute("create table big (k int primary key, s varchar(1000) unique)");
    var huge = "x".repeat(600); // longer than LMDB's 511-byte keys
    var upsert = db.prepare("insert into big values (?, ?) on conflict (s) do nothing");
    assertFails(
        () -> db.write(tx -> tx.execute(upsert, 1, huge)), ErrorCode.KEY_TOO_LARGE, "big_s_key");
    assertFails(
        () ->
            db.execute(
                "insert into big values (2, 'ok'), (3, '" + huge + "') on conflict do nothing"),
        ErrorCode.KEY_TOO_LARGE,
        "");
    assertThat(column(db, "select count(*) from big")).containsExactly("0");
  }

  @Test
  void insertSelectUpsertsEveryRowOnceAndReadsOnlyTheRowsThatWereThere() {
    withKv(db);
    // every source row collides with the row it came from: each stored row is updated once
    assertThat(
            db.execute(
                "insert into kv (k, v) select k, v from kv on conflict (k) do update set v = excluded.v * 2"))
        .isEqualTo(2);
    assertThat(table(db)).containsExactly("1:20:a:1", "2:40:b:1");
    // shifted keys: 2 collides with stored 2 (updated), 3 is new; the new row 3 is not read again
    assertThat(
            db.execute(
                "insert into kv (k, v) select k + 1, v from kv on conflict (k) do update set v = kv.v + excluded.v"))
        .isEqualTo(2);
    assertThat(table(db)).containsExactly("1:20:a:1", "2:60:b:1", "3:40:-:-");
  }

  @Test
  void parametersAreTypedByTheirColumnsAndPlansAreReused() {
    withKv(db);
    var upsert =
        db.prepare(
            "insert into kv (k, v, tag) values (:k, :v, :tag) on conflict (k) "
                + "do update set v = kv.v + :v, tag = :tag where kv.v < :limit returning v, tag");
    var first =
        db.write(tx -> lists(tx.query(upsert, Map.of("k", 1, "v", 5, "tag", "n", "limit", 100))));
    assertThat(first).containsExactly(List.of("15", "n"));
    var second =
        db.write(tx -> lists(tx.query(upsert, Map.of("k", 1, "v", 5, "tag", "m", "limit", 12))));
    assertThat(second).isEmpty(); // 15 < 12 is false
    var third =
        db.write(tx -> lists(tx.query(upsert, Map.of("k", 4, "v", 5, "tag", "o", "limit", 0))));
    assertThat(third).containsExactly(List.of("5", "o"));
    assertThat(table(db)).containsExactly("1:15:n:1", "2:20:b:1", "4:5:o:-");
    // positional parameters are numbered in the order written: VALUES, SET, WHERE, RETURNING
    var positional =
        db.prepare(
            "insert into kv (k, v) values (?, ?) on conflict (k) do update set v = kv.v * ? where kv.v < ? returning v + ?");
    var returned = db.write(tx -> lists(tx.query(positional, 2, 0, 3, 25, 1000)));
    assertThat(returned)
        .containsExactly(List.of("1060")); // stored 20 < 25: 20 * 3, returned + 1000
  }

  @Test
  void identityValuesAreUsedUpByEveryProposedRowAndVisibleAsExcluded() {
    db.execute(
        "create table tick (id int generated always as identity, code varchar(5) primary key, last_id int)");
    db.execute("insert into tick (code) values ('a')"); // id 1
    // two proposed rows get ids 2 and 3; 'a' collides and records the id it was offered
    var returned =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into tick (code) values ('a'), ('b') "
                            + "on conflict (code) do update set last_id = excluded.id returning id, code, last_id")));
    assertThat(returned).containsExactly(List.of("1", "a", "2"), List.of("3", "b", "null"));
    assertThat(db.execute("insert into tick (code) values ('c')")).isEqualTo(1);
    assertThat(column(db, "select id from tick where code = 'c'")).containsExactly("4");
    assertFails(
        () ->
            db.execute(
                "insert into tick (code) values ('a') on conflict (code) do update set id = 5"),
        ErrorCode.GENERATED_ALWAYS,
        "id");
  }

  @Test
  void setToDefaultTakesTheColumnDefault() {
    db.execute(
        "create table cfg (name varchar(10) primary key, val int default 42, note varchar(10))");
    db.execute("insert into cfg values ('x', 1, 'n')");
    // DEFAULT: 42 for val, NULL for note (no default declared)
    var returned =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into cfg values ('x', 5, 'm') on conflict (name) "
                            + "do update set val = default, note = default returning val, note")));
    assertThat(returned).containsExactly(List.of("42", "null"));
    assertThat(db.execute("update cfg set val = 3")).isEqualTo(1);
    assertThat(db.execute("update cfg set val = default where name = 'x'")).isEqualTo(1);
    assertThat(column(db, "select val from cfg")).containsExactly("42");
    db.execute("create table idt (id int generated by default as identity primary key, v int)");
    assertFails(
        () -> db.execute("update idt set id = default"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "SET id = DEFAULT for an identity column");
  }

  @Test
  void anAliasNamesTheStoredRow() {
    withKv(db);
    assertThat(
            db.execute(
                "insert into kv as t (k, v) values (2, 1) on conflict (k) do update set v = t.v - excluded.v"))
        .isEqualTo(1);
    assertThat(column(db, "select v from kv where k = 2")).containsExactly("19");
    // with an alias the table name no longer names the row (PostgreSQL)
    assertFails(
        () ->
            db.execute(
                "insert into kv as t (k, v) values (2, 1) on conflict (k) do update set v = kv.v"),
        ErrorCode.UNKNOWN_COLUMN,
        "kv.v");
  }

  @Test
  void unsupportedAndInvalidFormsAreRefusedByName() {
    withKv(db);
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict on constraint kv_pkey do nothing"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "ON CONFLICT ON CONSTRAINT kv_pkey");
    assertFails(
        () -> db.execute("insert into kv values (1, 1, 'a', 1) on conflict do update set v = 1"),
        ErrorCode.SYNTAX_ERROR,
        "ON CONFLICT DO UPDATE requires a conflict target");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) where k > 0 do nothing"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "ON CONFLICT (...) WHERE");
    assertFails(
        () ->
            db.execute("insert into kv values (1, 1, 'a', 1) on conflict (lower(tag)) do nothing"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "lower(tag)");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (tag collate \"C\") do nothing"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "ON CONFLICT target element");
    assertFails(
        () -> db.execute("insert into kv values (1, 1, 'a', 1) on conflict (nope) do nothing"),
        ErrorCode.UNKNOWN_COLUMN,
        "nope");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = v + 1"),
        ErrorCode.AMBIGUOUS_COLUMN,
        "v");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = excluded.nope"),
        ErrorCode.UNKNOWN_COLUMN,
        "excluded.nope");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = (select max(v) from kv)"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "subquery in ON CONFLICT DO UPDATE");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = 1 "
                    + "where exists (select 1 from kv where k = 2)"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "subquery in ON CONFLICT DO UPDATE");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict do nothing returning (select 1)"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "subquery in RETURNING of INSERT ... ON CONFLICT");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = 1 returning excluded.v"),
        ErrorCode.UNKNOWN_COLUMN,
        "excluded.v");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = 1, v = 2"),
        ErrorCode.TYPE_MISMATCH,
        "assigned twice");
    assertFails(
        () ->
            db.execute(
                "insert into kv values (1, 1, 'a', 1) on conflict (k) do update set v = count(*)"),
        ErrorCode.GROUPING_ERROR,
        "");
    assertFails(
        () -> db.execute("insert into kv values (1, 1, 'a', 1) on duplicate key update v = 2"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "ON DUPLICATE KEY UPDATE");
    assertThat(table(db)).containsExactly("1:10:a:1", "2:20:b:1");
  }
}
