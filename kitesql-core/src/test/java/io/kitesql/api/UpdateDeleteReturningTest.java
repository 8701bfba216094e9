package io.kitesql.api;

import static io.kitesql.testing.Failures.assertFails;
import static io.kitesql.testing.QueryRows.column;
import static io.kitesql.testing.QueryRows.lists;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * UPDATE ... RETURNING (the new rows) and DELETE ... RETURNING (the deleted rows) through {@code
 * query()}. Expected rows are worked out from the statements by hand.
 */
class UpdateDeleteReturningTest {
  @TempDatabase Database db;

  static Database withAccounts(Database db) {
    db.execute(
        "create table acct (id int primary key, owner varchar(10) not null, balance int, tag varchar(5) unique)");
    db.execute("create index acct_owner on acct (owner)");
    db.execute(
        "insert into acct values (1, 'ann', 100, 'a'), (2, 'bob', 50, 'b'), (3, 'cid', 75, null)");
    return db;
  }

  @Test
  void updateReturnsTheNewRowsWithStarExpressionsAndAliases() {
    withAccounts(db);
    var update =
        db.prepare(
            "update acct set balance = balance + ?, owner = upper(owner) where balance < ? returning *, balance - 1 as less");
    assertThat(update.returnsRows()).isTrue();
    assertThat(update.isQuery()).isFalse();
    assertThat(update.columns())
        .extracting(ResultColumn::name)
        .containsExactly("id", "owner", "balance", "tag", "less");
    // rows with balance < 80: bob (50) and cid (75), scanned in primary-key order; each gets +10
    var returned = db.write(tx -> lists(tx.query(update, 10, 80)));
    assertThat(returned)
        .containsExactly(
            List.of("2", "BOB", "60", "b", "59"), List.of("3", "CID", "85", "null", "84"));
    assertThat(column(db, "select owner || balance from acct order by id"))
        .containsExactly("ann100", "BOB60", "CID85");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void deleteReturnsTheDeletedRowsAsTheyWere() {
    withAccounts(db);
    var returned =
        db.write(
            tx ->
                lists(
                    tx.query(
                        db.prepare(
                            "delete from acct where owner <> :keep returning id, owner || '!' as gone, tag"),
                        Map.of("keep", "bob"))));
    assertThat(returned).containsExactly(List.of("1", "ann!", "a"), List.of("3", "cid!", "null"));
    assertThat(column(db, "select id from acct")).containsExactly("2");
    List<List<String>> none =
        db.write(tx -> lists(tx.query("delete from acct where id = 99 returning id")));
    assertThat(none).isEmpty();
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void returningMovesAPrimaryKeyAndSeesTheTableAsTheStatementFoundIt() {
    withAccounts(db);
    // a subquery in RETURNING reads the table before the statement's first write, as in
    // PostgreSQL
    var updated =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "update acct set id = id + 10 returning id, (select max(id) from acct)")));
    assertThat(updated).containsExactly(List.of("11", "3"), List.of("12", "3"), List.of("13", "3"));
    var deleted =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "delete from acct where id > 11 returning id, (select count(*) from acct)")));
    assertThat(deleted).containsExactly(List.of("12", "3"), List.of("13", "3"));
    var inserted =
        db.write(
            tx ->
                lists(
                    tx.query(
                        "insert into acct values (20, 'dan', 1, null), (21, 'eve', 2, null) returning id, (select count(*) from acct)")));
    assertThat(inserted).containsExactly(List.of("20", "1"), List.of("21", "1"));
    assertThat(column(db, "select id from acct order by id")).containsExactly("11", "20", "21");
  }

  @Test
  void returnedTextIsACopyThatOutlivesTheWriteTransaction() {
    withAccounts(db);
    List<Object[]> kept =
        db.write(
            tx -> {
              var all = new ArrayList<Object[]>();
              try (var c =
                  tx.query("update acct set tag = tag || 'x' where id < 3 returning owner, tag")) {
                all.addAll(c.toList());
              }
              try (var c = tx.query("delete from acct where id = 3 returning owner")) {
                all.addAll(c.toList());
              }
              // an upsert returns the stored row's text (ann) and the proposed row's (new)
              try (var c =
                  tx.query(
                      "insert into acct values (1, 'x', 0, 'new') on conflict (id) do update set tag = excluded.tag returning owner, tag")) {
                all.addAll(c.toList());
              }
              return all;
            });
    // read after commit: borrowed views would throw IllegalStateException here
    assertThat(kept).hasSize(4);
    assertThat(kept.get(0)[0]).isInstanceOf(Text.class);
    assertThat(kept.stream().map(r -> r[0].toString() + (r.length > 1 ? r[1] : "")))
        .containsExactly("annax", "bobbx", "cid", "annnew");
  }

  @Test
  void aFailingUpdateOrDeleteReturningWritesNothing() {
    withAccounts(db);
    db.write(
        tx -> {
          // the second row's new tag collides with the first's: the whole statement fails
          assertFails(
              () -> tx.query("update acct set tag = 'z' where id < 3 returning id"),
              ErrorCode.UNIQUE_VIOLATION,
              "tag");
          assertFails(
              () -> tx.query("delete from acct where id = 1 returning 1 / (id - 1)"),
              ErrorCode.DIVISION_BY_ZERO,
              "");
          return null;
        });
    assertThat(column(db, "select tag from acct order by id")).containsExactly("a", "b", "null");
  }

  @Test
  void executeRunsThemAndCountsTheRows() {
    withAccounts(db);
    assertThat(db.execute("update acct set balance = 0 where id > 1 returning id")).isEqualTo(2);
    assertThat(db.execute("delete from acct where balance = 0 returning id")).isEqualTo(2);
    assertThat(column(db, "select id from acct")).containsExactly("1");
  }

  @Test
  void wrongPlacesAndUnsupportedFormsAreRefusedByName() {
    withAccounts(db);
    db.read(
        tx -> {
          assertFails(
              () -> tx.query("update acct set balance = 1 returning id"),
              ErrorCode.INVALID_TRANSACTION_STATE,
              "UPDATE ... RETURNING writes");
          assertFails(
              () -> tx.query("delete from acct returning id"),
              ErrorCode.INVALID_TRANSACTION_STATE,
              "DELETE ... RETURNING writes");
          return null;
        });
    assertFails(
        () -> db.execute("update acct set balance = 1 returning nope"),
        ErrorCode.UNKNOWN_COLUMN,
        "nope");
    assertFails(
        () -> db.execute("delete from acct returning sum(balance)"), ErrorCode.GROUPING_ERROR, "");
    assertFails(
        () -> db.execute("delete from acct a returning b.*"), ErrorCode.UNKNOWN_TABLE, "b.*");
    assertFails(
        () ->
            db.execute("update acct set balance = 1 returning with (old as o, new as n) o.balance"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "RETURNING WITH");
    assertThat(column(db, "select balance from acct order by id"))
        .containsExactly("100", "50", "75");
  }

  @Test
  void anAliasNamesTheTableInReturning() {
    withAccounts(db);
    var returned =
        db.write(
            tx -> lists(tx.query("delete from acct as a where a.id = 2 returning a.owner, a.*")));
    assertThat(returned).containsExactly(List.of("bob", "2", "bob", "50", "b"));
  }
}
