package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ViewTextTest {
  @Test
  void theQueryIsCutOutAsWritten() {
    assertThat(ViewText.query("create view v as select 1")).contains("select 1");
    assertThat(
            ViewText.query(
                "CREATE OR REPLACE VIEW \"My View\" (a, \"b\") AS\n  SELECT x'41' AS a, 'AS' b -- note\n;;"))
        .contains("SELECT x'41' AS a, 'AS' b");
    assertThat(
            ViewText.query("create view if not exists s.v as with c as (select 1) select * from c"))
        .contains("with c as (select 1) select * from c");
    assertThat(ViewText.query("create view v if not exists (x) as /* c */ values (1)"))
        .contains("values (1)");
    assertThat(ViewText.query("create view v (a, (b)) as select 1, 2")).contains("select 1, 2");
  }

  @Test
  void anotherShapeGivesNothing() {
    assertThat(ViewText.query("create view v select 1")).isEmpty();
    assertThat(ViewText.query("create view v as")).isEmpty();
    assertThat(ViewText.query("create view (a) as select 1")).isEmpty();
    assertThat(ViewText.query("create view v (a as select 1")).isEmpty();
  }
}
