package io.kitesql.boot.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class FullScanWarningsTests {
  @TempDir Path dir;

  @Test
  void warnsForAPredicateNoIndexServesNamingTheIndexThatWould(CapturedOutput output) {
    try (var db = KiteSql.open(dir)) {
      db.execute("create table t (id int primary key, a varchar, b varchar)");
      db.execute("create index t_a on t (a)");
      var warnings = new FullScanWarnings(db);
      assertThat(warnings.check("T.byA", "select id from t where a = ?")).isFalse();
      assertThat(warnings.check("T.byId", "select a from t where id = ?")).isFalse();
      assertThat(warnings.check("T.insert", "insert into t values (?, ?, ?)")).isFalse();
      assertThat(warnings.check("T.byB", "select id from t where b = ?")).isTrue();
      assertThat(output)
          .contains(
              "KiteSQL statement T.byB reads every row of a table: table t is read in full to test",
              "`create index t_b on t (b)` would serve it",
              "TableScan t")
          .doesNotContain("T.byA reads", "T.byId reads", "T.insert reads");
    }
  }

  @Test
  void statementsThatReadEveryRowByDesignAreNotWarnedAbout(CapturedOutput output) {
    try (var db = KiteSql.open(dir)) {
      db.execute("create table t (id int primary key, a varchar, b varchar)");
      db.execute("create index t_a on t (a)");
      var warnings = new FullScanWarnings(db);
      assertThat(warnings.check("T.latest", "select id, b from t order by id desc limit 10"))
          .isFalse();
      assertThat(warnings.check("T.page", "select id, b from t order by a limit 10 offset 20"))
          .isFalse();
      assertThat(warnings.check("T.maxA", "select max(a) from t")).isFalse();
      assertThat(warnings.check("T.inIds", "select b from t where id in (?, ?, ?)")).isFalse();
      assertThat(warnings.check("T.all", "select id, b from t order by id")).isFalse();
      assertThat(warnings.check("T.count", "select count(*) from t")).isFalse();
      assertThat(
              warnings.check(
                  "T.sub", "select id from t where exists (select 1 from t u where u.b = t.a)"))
          .isTrue();
      assertThat(output)
          .contains(
              "T.sub reads every row of a table", "`create index t_b on t (b)` would serve it")
          .doesNotContain(
              "T.latest reads",
              "T.page reads",
              "T.maxA reads",
              "T.inIds reads",
              "T.all reads",
              "T.count reads");
    }
  }

  @Test
  void repositoryMethodsAreCheckedWhenCreatedAndOnlyOnce(CapturedOutput output) {
    try (var db = KiteSql.open(dir)) {
      db.execute("create table t (id int primary key, b varchar)");
      var warnings = new FullScanWarnings(db);
      warnings.queryCreated("TRepository.findByB", "select id from t where b = ?");
      // synchronous: the WARN is there before the call returns, among the start-up lines
      assertThat(output)
          .contains("KiteSQL statement TRepository.findByB reads every row of a table");
      warnings.queryCreated("TRepository.findByB", "select id from t where b = ?");
      warnings.accept(
          io.kitesql.data.core.Statement.named(
              "TRepository.findByB", "select id from t where b = ?", "x"));
      assertThat(output.getOut().split("TRepository.findByB reads every row of a table", -1))
          .hasSize(2);
    }
  }
}
