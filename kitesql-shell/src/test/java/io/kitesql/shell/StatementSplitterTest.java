package io.kitesql.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementSplitterTest {
  private final StatementSplitter splitter = new StatementSplitter();

  @Test
  void aStatementEndsAtItsSemicolonAndMaySpanLines() {
    assertThat(splitter.addLine("select a,")).isEmpty();
    assertThat(splitter.isBetweenStatements()).isFalse();
    assertThat(splitter.addLine("  b from t; select 2;"))
        .containsExactly("select a,\n  b from t", "select 2");
    assertThat(splitter.isBetweenStatements()).isTrue();
  }

  @Test
  void semicolonsInLiteralsIdentifiersAndCommentsDoNotEndAStatement() {
    assertThat(splitter.addLine("select 'a;''b', \"x;y\" -- c; d")).isEmpty();
    assertThat(splitter.addLine("/* e; */ from t;"))
        .containsExactly("select 'a;''b', \"x;y\"  \n  from t");
  }

  @Test
  void aLiteralMaySpanLines() {
    assertThat(splitter.addLine("insert into t values ('one;")).isEmpty();
    assertThat(splitter.addLine("two');")).containsExactly("insert into t values ('one;\ntwo')");
  }

  @Test
  void commentsAndEmptyStatementsAloneAreNoStatement() {
    assertThat(splitter.addLine("-- just a comment")).isEmpty();
    assertThat(splitter.isBetweenStatements()).isTrue();
    assertThat(splitter.addLine(";  ; /* block")).isEmpty();
    assertThat(splitter.isBetweenStatements()).as("inside a block comment").isFalse();
    assertThat(splitter.addLine("still */ ;")).isEmpty();
    assertThat(splitter.takeUnfinished()).isEmpty();
  }

  @Test
  void theUnfinishedStatementIsHandedOverOnce() {
    splitter.addLine("select 1");
    assertThat(splitter.takeUnfinished()).isEqualTo("select 1");
    assertThat(splitter.takeUnfinished()).isEmpty();
    assertThat(splitter.isBetweenStatements()).isTrue();
  }
}
