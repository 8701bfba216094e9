package io.kitesql.liquibase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.Scope;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.exception.LiquibaseException;
import liquibase.resource.DirectoryResourceAccessor;
import liquibase.ui.LoggerUIService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Liquibase migrating a KiteSQL database: a changelog applied once, atomic changeSets, rollback.
 */
class LiquibaseMigrationTest {
  private static final String CHANGELOG = "changelog.yaml";
  private static final String NOTES_AND_TAGS =
      """
      databaseChangeLog:
        - changeSet:
            id: 1-notes
            author: kitesql
            changes:
              - createTable:
                  tableName: notes
                  columns:
                    - column: {name: id, type: bigint, autoIncrement: true, constraints: {primaryKey: true, nullable: false}}
                    - column: {name: body, type: varchar(200), constraints: {nullable: false}}
        - changeSet:
            id: 2-tags
            author: kitesql
            changes:
              - addColumn:
                  tableName: notes
                  columns:
                    - column: {name: tag, type: varchar(20), defaultValue: none}
              - createIndex:
                  tableName: notes
                  indexName: notes_tag_idx
                  columns:
                    - column: {name: tag}
        - changeSet:
            id: 3-rows
            author: kitesql
            changes:
              - insert:
                  tableName: notes
                  columns:
                    - column: {name: body, value: first}
              - insert:
                  tableName: notes
                  columns:
                    - column: {name: body, value: second}
              - sql:
                  sql: update notes set tag = 'old' where body = 'first'
            rollback:
              - delete:
                  tableName: notes
      """;

  @TempDir Path dir;

  private String url() {
    return "jdbc:kitesql:" + dir.resolve("db");
  }

  private void changelog(String yaml) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("changelog")).resolve(CHANGELOG), yaml);
  }

  /** Runs {@code work} on a Liquibase over a fresh connection, closed afterwards. */
  private void withLiquibase(LiquibaseWork work) throws Exception {
    try (var connection = DriverManager.getConnection(url());
        var resources = new DirectoryResourceAccessor(dir.resolve("changelog"))) {
      Database database =
          DatabaseFactory.getInstance()
              .findCorrectDatabaseImplementation(new JdbcConnection(connection));
      assertThat(database).isInstanceOf(KiteSqlLiquibaseDatabase.class);
      var liquibase = new Liquibase(CHANGELOG, resources, database);
      // its reports to the console (summaries, the failures tests provoke) go to its logger
      Scope.child(Scope.Attr.ui.name(), new LoggerUIService(), () -> work.run(liquibase));
    }
  }

  private interface LiquibaseWork {
    void run(Liquibase liquibase) throws LiquibaseException;
  }

  @Test
  void appliesAChangelogOnceAndASecondRunChangesNothing() throws Exception {
    changelog(NOTES_AND_TAGS);
    withLiquibase(liquibase -> liquibase.update(new Contexts()));
    assertThat(rows("select body, tag from notes order by id"))
        .containsExactly(List.of("first", "old"), List.of("second", "none"));
    assertThat(rows("select id, author, filename from databasechangelog order by orderexecuted"))
        .containsExactly(
            List.of("1-notes", "kitesql", CHANGELOG),
            List.of("2-tags", "kitesql", CHANGELOG),
            List.of("3-rows", "kitesql", CHANGELOG));

    withLiquibase(
        liquibase -> {
          assertThat(liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()))
              .isEmpty();
          liquibase.update(new Contexts());
        });
    assertThat(rows("select count(*) from notes")).containsExactly(List.of("2"));
    assertThat(rows("select count(*) from databasechangelog")).containsExactly(List.of("3"));
    assertThat(rows("select locked from databasechangeloglock")).containsExactly(List.of("false"));
  }

  @Test
  void anIdentityColumnNumbersTheInsertedRows() throws Exception {
    changelog(NOTES_AND_TAGS);
    withLiquibase(liquibase -> liquibase.update(new Contexts()));
    try (var connection = DriverManager.getConnection(url())) {
      connection.createStatement().executeUpdate("insert into notes (body) values ('third')");
    }
    assertThat(rows("select body from notes order by id"))
        .containsExactly(List.of("first"), List.of("second"), List.of("third"));
  }

  @Test
  void aFailingChangeSetLeavesThePreviousStateAndIsNamed() throws Exception {
    changelog(NOTES_AND_TAGS);
    withLiquibase(liquibase -> liquibase.update(new Contexts()));
    changelog(
        NOTES_AND_TAGS
            + """
          - changeSet:
              id: 4-broken
              author: kitesql
              changes:
                - createTable:
                    tableName: other
                    columns:
                      - column: {name: id, type: int, constraints: {primaryKey: true}}
                - sql:
                    sql: update notes set body = 'changed'
                - sql:
                    sql: insert into notes (id, body) values (1, 'a duplicate key')
        """);
    assertThatThrownBy(() -> withLiquibase(liquibase -> liquibase.update(new Contexts())))
        .isInstanceOf(LiquibaseException.class)
        .hasMessageContaining("changelog.yaml::4-broken::kitesql");

    // reopened: the database closed with its last connection
    try (var connection = DriverManager.getConnection(url())) {
      assertThatThrownBy(() -> connection.createStatement().executeQuery("select * from other"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42P01"));
    }
    assertThat(rows("select body from notes order by id"))
        .containsExactly(List.of("first"), List.of("second"));
    assertThat(rows("select count(*) from databasechangelog")).containsExactly(List.of("3"));
    assertThat(rows("select locked from databasechangeloglock")).containsExactly(List.of("false"));
  }

  @Test
  void rollsBackChangeSetsWithTheSqlLiquibaseGenerates() throws Exception {
    changelog(
        """
        databaseChangeLog:
          - changeSet:
              id: 1-notes
              author: kitesql
              changes:
                - createTable:
                    tableName: notes
                    columns:
                      - column: {name: id, type: int, constraints: {primaryKey: true}}
                      - column: {name: tag, type: varchar(20)}
          - changeSet:
              id: 2-index
              author: kitesql
              changes:
                - createIndex:
                    tableName: notes
                    indexName: notes_tag_idx
                    columns:
                      - column: {name: tag}
          - changeSet:
              id: 3-rows
              author: kitesql
              changes:
                - insert:
                    tableName: notes
                    columns:
                      - column: {name: id, valueNumeric: 1}
                      - column: {name: tag, value: old}
              rollback:
                - delete:
                    tableName: notes
        """);
    withLiquibase(liquibase -> liquibase.update(new Contexts()));
    withLiquibase(liquibase -> liquibase.rollback(2, ""));
    assertThat(rows("select id from databasechangelog")).containsExactly(List.of("1-notes"));
    assertThat(rows("select count(*) from notes")).containsExactly(List.of("0"));
    assertThat(indexesOfNotes()).doesNotContain("notes_tag_idx");

    withLiquibase(liquibase -> liquibase.rollback(1, ""));
    assertThat(rows("select count(*) from databasechangelog")).containsExactly(List.of("0"));
    assertThatThrownBy(() -> rows("select * from notes"))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42P01"));

    withLiquibase(liquibase -> liquibase.update(new Contexts())); // and forward again
    assertThat(rows("select id, tag from notes")).containsExactly(List.of("1", "old"));
    assertThat(indexesOfNotes()).contains("notes_tag_idx");
  }

  @Test
  void aRollbackTheEngineCannotRunIsRefusedAndChangesNothing() throws Exception {
    changelog(NOTES_AND_TAGS);
    withLiquibase(liquibase -> liquibase.update(new Contexts()));
    // Liquibase undoes addColumn with ALTER TABLE ... ALTER COLUMN / DROP COLUMN: the engine has
    // neither
    assertThatThrownBy(() -> withLiquibase(liquibase -> liquibase.rollback(2, "")))
        .isInstanceOf(LiquibaseException.class)
        .hasMessageContaining("ALTER TABLE");
    // each changeSet's rollback is one transaction: 3-rows was undone, 2-tags is whole
    assertThat(rows("select count(*) from notes")).containsExactly(List.of("0"));
    assertThat(rows("select id from databasechangelog order by orderexecuted"))
        .containsExactly(List.of("1-notes"), List.of("2-tags"));
    assertThat(indexesOfNotes()).contains("notes_tag_idx");
    try (var connection = DriverManager.getConnection(url())) {
      connection.createStatement().executeUpdate("insert into notes (body) values ('third')");
    }
    assertThat(rows("select body, tag from notes")).containsExactly(List.of("third", "none"));
  }

  private List<String> indexesOfNotes() throws SQLException {
    var names = new ArrayList<String>();
    try (var connection = DriverManager.getConnection(url());
        var indexes = connection.getMetaData().getIndexInfo(null, null, "notes", false, false)) {
      while (indexes.next()) {
        names.add(indexes.getString("INDEX_NAME"));
      }
    }
    return names;
  }

  @Test
  void opensFromAUrlWithTheDriverItNames() throws Exception {
    try (var resources = new DirectoryResourceAccessor(dir)) {
      Database database =
          DatabaseFactory.getInstance().openDatabase(url(), null, null, null, resources);
      try {
        assertThat(database).isInstanceOf(KiteSqlLiquibaseDatabase.class);
        assertThat(database.getShortName()).isEqualTo("kitesql");
        assertThat(database.getDefaultSchemaName()).isNull();
        assertThat(DatabaseFactory.getInstance().findDefaultDriver(url()))
            .isEqualTo("io.kitesql.jdbc.KiteSqlDriver");
      } finally {
        database.close();
      }
    }
  }

  private List<List<String>> rows(String sql) throws SQLException {
    var rows = new ArrayList<List<String>>();
    try (Connection connection = DriverManager.getConnection(url());
        var result = connection.createStatement().executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        var row = new ArrayList<String>();
        for (int i = 1; i <= columns; i++) {
          row.add(result.getString(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
