package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import org.junit.jupiter.api.Test;

/**
 * The parser reuses JSqlParser's parsers from pass to pass: nothing of one statement may reach the
 * next. Every statement of the SQL logic tests, with a syntax error between each two, parses to
 * what a parser built for it alone gives.
 */
class ParserReuseTest {
  private static final Path CORPUS = Path.of("src/test/resources/slt");

  @Test
  void everyStatementParsesAsWithAFreshParserWhateverCameBefore() throws Exception {
    var statements = corpus();
    assertThat(statements).hasSizeGreaterThan(300);
    int compared = 0;
    for (var sql : statements) {
      var fresh = fresh(sql);
      if (fresh == null) {
        continue; // JSqlParser's first grammar does not parse it alone
      }
      assertThatThrownBy(() -> SqlParser.parse("select (1 from t"))
          .isInstanceOf(KiteSqlException.class);
      String reused;
      try {
        reused = SqlParser.parse(sql).toString();
      } catch (KiteSqlException refused) {
        continue; // refused by KiteSQL itself (a reserved word as a name, trailing text)
      }
      assertThat(reused).as(sql).isEqualTo(fresh);
      compared++;
    }
    assertThat(compared).isGreaterThan(300);
  }

  @Test
  void parametersAreNumberedFromOneInEveryStatement() {
    for (int i = 0; i < 100; i++) {
      SqlParser.parse("select ?, ?, ? from t where a = ?");
      var select = (PlainSelect) SqlParser.parse("select ?, ? from t");
      assertThat(select.getSelectItems().stream().map(SelectItem::getExpression))
          .map(e -> ((JdbcParameter) e).getIndex())
          .containsExactly(1, 2);
    }
  }

  /** JSqlParser's statement for the patched text, by a parser of its own; null if it fails. */
  private static String fresh(String sql) {
    try {
      var tokens = SqlTokens.of(sql);
      var patched = SqlParser.rewrites(sql, tokens).apply().sql();
      var statement = new CCJSqlParser(new StringProvider(patched)).Statement();
      return statement == null ? null : statement.toString();
    } catch (Exception | Error e) {
      return null;
    }
  }

  /** The SQL of every statement and query record of the SQL logic tests. */
  private static List<String> corpus() throws IOException {
    var statements = new ArrayList<String>();
    try (Stream<Path> files = Files.list(CORPUS)) {
      for (var file : files.filter(f -> f.toString().endsWith(".slt")).sorted().toList()) {
        var lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          if (lines.get(i).startsWith("statement ") || lines.get(i).startsWith("query ")) {
            var sql = new StringBuilder();
            for (i++;
                i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----");
                i++) {
              sql.append(lines.get(i)).append('\n');
            }
            statements.add(sql.toString());
          }
        }
      }
    }
    return statements;
  }
}
