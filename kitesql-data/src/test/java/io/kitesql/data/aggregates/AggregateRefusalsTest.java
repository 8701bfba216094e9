package io.kitesql.data.aggregates;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.annotation.Id;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Aggregate shapes and query methods this module cannot honour fail when the repository is made,
 * naming what and why.
 */
@SpringJUnitConfig(AggregateSchema.class)
class AggregateRefusalsTest {
  record Leaf(String name) {}

  record Branch(String name, List<Leaf> leaves) {}

  record Tree(@Id Long id, List<Branch> branches) {}

  record Node(@Id Long id, String name, List<Node> children) {}

  record Rack(@Id Long id, Leaf[] leaves) {}

  record Child(Long parent, String name) {}

  record Parent(@Id Long id, List<Child> children) {}

  record PairKey(Long left, Long right) {}

  record Pair(@Id PairKey id, List<Leaf> leaves) {}

  interface Pairs extends KiteSqlRepository<Pair, PairKey> {}

  interface Trees extends KiteSqlRepository<Tree, Long> {}

  interface Nodes extends KiteSqlRepository<Node, Long> {}

  interface Racks extends KiteSqlRepository<Rack, Long> {}

  interface Parents extends KiteSqlRepository<Parent, Long> {}

  interface StreamingThreads extends KiteSqlRepository<DiscussionThread, Long> {
    Stream<DiscussionThread> findByTitle(String title);
  }

  interface DeletingThreads extends KiteSqlRepository<DiscussionThread, Long> {
    long deleteByTitle(String title);
  }

  @Autowired KiteSqlTemplate template;

  private void refused(Class<?> repository, String... parts) {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    var thrown =
        assertThatThrownBy(() -> factory.getRepository(repository)).as(repository.getSimpleName());
    for (var part : parts) {
      thrown.hasMessageContaining(part);
    }
  }

  @Test
  void aNestedLevelNeedsAnIdOnTheLevelAbove() {
    refused(
        Trees.class,
        "property branches of " + Tree.class.getName(),
        "leaves",
        "nested @MappedCollection level needs an @Id on Branch");
  }

  @Test
  void aCollectionOnAnEntityWithACompositeIdIsRefused() {
    refused(Pairs.class, "property leaves of " + Pair.class.getName(), "composite id");
  }

  @Test
  void recursiveAggregatesAreRefused() {
    refused(
        Nodes.class, "property children of " + Node.class.getName(), "holds itself", "recursive");
  }

  @Test
  void arraysOfEntitiesAreRefused() {
    refused(Racks.class, "property leaves of " + Rack.class.getName(), "array");
  }

  @Test
  void anElementPropertyOnTheBackReferenceColumnIsRefused() {
    refused(
        Parents.class,
        "property children of " + Parent.class.getName(),
        "parent",
        "back-reference");
  }

  @Test
  void streamsAndDerivedDeletesOfAggregatesAreRefused() {
    refused(StreamingThreads.class, "StreamingThreads.findByTitle", "Stream", "@MappedCollection");
    refused(
        DeletingThreads.class,
        "DeletingThreads.deleteByTitle",
        "derived delete",
        "@MappedCollection");
  }
}
