package io.kitesql.data.aggregates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.data.relational.core.query.Criteria.where;

import io.kitesql.data.Executions;
import io.kitesql.data.LabelListener;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.relational.core.query.Query;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Criteria queries over an aggregate root: whole aggregates, one statement per collection for all
 * the roots.
 */
@SpringJUnitConfig(AggregateSchema.class)
class CriteriaAggregatesTest {
  @Autowired DiscussionThreadRepository threads;
  @Autowired KiteSqlTemplate template;
  @Autowired KiteSqlTransactionManager transactionManager;
  private final List<String> statements = Collections.synchronizedList(new ArrayList<>());

  @AfterEach
  void stopObserving() {
    Executions.stop(template.getDatabase());
  }

  @Test
  void criteriaReadWholeAggregatesWithoutAQueryPerRoot() {
    threads.deleteAll();
    var saved = new ArrayList<DiscussionThread>();
    for (int i = 0; i < 8; i++) {
      saved.add(threads.save(AggregatesTest.thread((i % 2 == 0 ? "even " : "odd ") + i, i + 1)));
    }
    var even =
        saved.stream()
            .filter(t -> t.title().toString().startsWith("even"))
            .map(AggregatesTest::seen)
            .toList();
    LabelListener.listen(
        template.getDatabase(),
        (label, statement) -> outcome -> statements.add(String.valueOf(label)));

    var found = threads.findAll(where("title").like("even%"), Sort.by("id"));
    assertThat(found.stream().map(AggregatesTest::seen)).containsExactlyElementsOf(even);
    assertThat(statements)
        .containsExactly(
            "DiscussionThreadRepository.findAll",
            "DiscussionThread.posts",
            "DiscussionThread.tags",
            "DiscussionThread.summaries");

    var page = threads.findAll(where("title").like("even%"), PageRequest.of(1, 2, Sort.by("id")));
    assertThat(page.getContent().stream().map(AggregatesTest::seen))
        .containsExactlyElementsOf(even.subList(2, 4));
    assertThat(page.getTotalElements()).isEqualTo(4);
    assertThat(
            threads
                .findAll(
                    Query.query(where("title").like("odd%"))
                        .sort(Sort.by("id").descending())
                        .limit(1))
                .stream()
                .map(AggregatesTest::seen))
        .containsExactly(AggregatesTest.seen(saved.get(7)));

    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status ->
            assertThat(threads.findOne(where("title").is("odd 5")).orElseThrow().posts())
                .hasSize(6)
                .allSatisfy(p -> assertThat(((Text) p.body()).isBorrowed()).isTrue()));
  }

  @Test
  void aCollectionIsNoColumnToFilterOn() {
    assertThatThrownBy(() -> threads.findAll(where("posts").isNotNull()))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("posts names no property or column");
  }
}
