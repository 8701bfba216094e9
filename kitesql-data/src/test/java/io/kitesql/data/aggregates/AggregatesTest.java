package io.kitesql.data.aggregates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.Executions;
import io.kitesql.data.LabelListener;
import io.kitesql.data.aggregates.DiscussionThread.Summary;
import io.kitesql.data.aggregates.DiscussionThread.Tag;
import io.kitesql.data.aggregates.DiscussionThread.ThreadPost;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Aggregates with {@code @MappedCollection}s on a real database: saved and deleted as Spring Data
 * JDBC does, read with one statement per collection for all the roots a call returns. Expected
 * values are the saved objects themselves, compared as strings.
 */
@SpringJUnitConfig(AggregateSchema.class)
class AggregatesTest {
  /** A thread as plain values: list order kept, set and map compared as sorted. */
  record Seen(
      Long id, String title, List<String> posts, Set<String> tags, Map<String, String> summaries) {}

  @Autowired DiscussionThreadRepository threads;
  @Autowired AlbumRepository albums;
  @Autowired BoardRepository boards;
  @Autowired KiteSqlTemplate template;
  @Autowired KiteSqlTransactionManager transactionManager;
  @Autowired Database database;
  private final List<String> statements = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void clean() {
    threads.deleteAll();
    albums.deleteAll();
    boards.deleteAll();
    LabelListener.listen(
        template.getDatabase(),
        (label, statement) -> outcome -> statements.add(String.valueOf(label)));
  }

  @AfterEach
  void stopObserving() {
    Executions.stop(template.getDatabase());
  }

  static DiscussionThread thread(String title, int posts) {
    var list = new ArrayList<ThreadPost>();
    for (int i = 0; i < posts; i++) {
      list.add(
          new ThreadPost(null, i == 0 ? null : 1L, "user" + (i % 7), title + " post " + i + " ✈"));
    }
    var summaries = new LinkedHashMap<String, Summary>();
    summaries.put("en", new Summary(title + " in short"));
    summaries.put("fr", new Summary(title + " en bref"));
    return new DiscussionThread(
        null,
        title,
        list,
        new LinkedHashSet<>(Set.of(new Tag("kites"), new Tag("about " + title))),
        summaries);
  }

  static Seen seen(DiscussionThread thread) {
    var posts =
        thread.posts().stream()
            .map(p -> p.id() + "|" + p.replyTo() + "|" + p.author() + "|" + p.body())
            .toList();
    var tags = new TreeSet<String>();
    thread.tags().forEach(t -> tags.add(t.name().toString()));
    var summaries = new TreeMap<String, String>();
    thread.summaries().forEach((lang, s) -> summaries.put(lang, s.text().toString()));
    return new Seen(thread.id(), thread.title().toString(), posts, tags, summaries);
  }

  private long rows(String table) {
    return template.queryForValue("select count(*) from " + table, Long.class).orElseThrow();
  }

  @Test
  void saveWritesEveryElementAndFindByIdReadsTheWholeAggregate() {
    var saved = threads.save(thread("kites", 50));
    assertThat(saved.id()).isNotNull();
    assertThat(saved.posts()).hasSize(50).allSatisfy(p -> assertThat(p.id()).isNotNull());
    assertThat(saved.posts().stream().map(ThreadPost::id).distinct()).hasSize(50);
    assertThat(rows("thread_post")).isEqualTo(50);
    assertThat(rows("tag")).isEqualTo(2);
    assertThat(rows("summary")).isEqualTo(2);

    statements.clear();
    var found = threads.findById(saved.id()).orElseThrow();
    assertThat(seen(found)).isEqualTo(seen(saved));
    // the root, then one statement per collection
    assertThat(statements)
        .containsExactly(
            "DiscussionThreadRepository.findById",
            "DiscussionThread.posts",
            "DiscussionThread.tags",
            "DiscussionThread.summaries");
  }

  @Test
  void anUpdateReplacesTheElementsShrinkingAndGrowing() {
    var saved = threads.save(thread("kites", 10));
    var other = threads.save(thread("other", 3));
    var shrunk =
        new DiscussionThread(
            saved.id(),
            "kites, shorter",
            saved.posts().subList(2, 5),
            Set.of(new Tag("short")),
            Map.of());
    var afterShrink = threads.save(shrunk);
    assertThat(seen(threads.findById(saved.id()).orElseThrow())).isEqualTo(seen(afterShrink));
    assertThat(rows("thread_post")).isEqualTo(3 + 3);
    assertThat(rows("summary")).isEqualTo(2); // only the other thread's

    var grown = new ArrayList<>(afterShrink.posts());
    grown.addAll(thread("more", 20).posts());
    var afterGrowth =
        threads.save(
            new DiscussionThread(
                saved.id(),
                "kites, longer",
                grown,
                afterShrink.tags(),
                Map.of("de", new Summary("kurz"))));
    assertThat(afterGrowth.posts()).hasSize(23).allSatisfy(p -> assertThat(p.id()).isNotNull());
    assertThat(seen(threads.findById(saved.id()).orElseThrow())).isEqualTo(seen(afterGrowth));
    assertThat(seen(threads.findById(other.id()).orElseThrow())).isEqualTo(seen(other));
  }

  @Test
  void deletesTakeTheElementsWithThem() {
    var first = threads.save(thread("first", 4));
    var second = threads.save(thread("second", 5));
    var third = threads.save(thread("third", 6));
    var fourth = threads.save(thread("fourth", 7));

    threads.delete(first);
    assertThat(rows("thread_post")).isEqualTo(5 + 6 + 7);
    threads.deleteById(second.id());
    assertThat(rows("thread_post")).isEqualTo(6 + 7);
    assertThat(rows("tag")).isEqualTo(4);
    threads.deleteAllById(List.of(third.id()));
    assertThat(rows("thread_post")).isEqualTo(7);
    assertThat(seen(threads.findAll().getFirst())).isEqualTo(seen(fourth));
    threads.deleteAll();
    assertThat(
            List.of(rows("discussion_thread"), rows("thread_post"), rows("tag"), rows("summary")))
        .containsOnly(0L);
  }

  @Test
  void anUpsertWritesTheElementsOfANewRootAndReplacesThoseOfAnExistingOne() {
    var template = thread("upserted", 4);
    var inserted =
        threads.upsert(
            new DiscussionThread(
                500L, template.title(), template.posts(), template.tags(), template.summaries()));
    assertThat(seen(threads.findById(500L).orElseThrow())).isEqualTo(seen(inserted));
    var replaced =
        threads.upsert(
            new DiscussionThread(
                500L, "upserted again", inserted.posts().subList(0, 1), Set.of(), Map.of()));
    assertThat(seen(threads.findById(500L).orElseThrow())).isEqualTo(seen(replaced));
    assertThat(List.of(rows("thread_post"), rows("tag"), rows("summary")))
        .containsExactly(1L, 0L, 0L);
  }

  @Test
  void aFailingElementRollsTheWholeSaveBack() {
    var kept = threads.save(thread("kept", 2));
    var clash = new ArrayList<>(thread("clash", 2).posts());
    clash.add(new ThreadPost(kept.posts().getFirst().id(), null, "mal", "an id another post has"));
    assertThatThrownBy(
            () -> threads.save(new DiscussionThread(null, "clash", clash, Set.of(), Map.of())))
        .isInstanceOf(DuplicateKeyException.class);
    assertThat(rows("discussion_thread")).isEqualTo(1);
    assertThat(rows("thread_post")).isEqualTo(2);

    var withNull = new ArrayList<ThreadPost>(thread("nulls", 1).posts());
    withNull.add(null);
    assertThatThrownBy(
            () -> threads.save(new DiscussionThread(null, "nulls", withNull, Set.of(), Map.of())))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("posts")
        .hasMessageContaining("null element");
    assertThat(rows("discussion_thread")).isEqualTo(1);
  }

  @Test
  void aPageOfRootsReadsEachCollectionOnce() {
    var saved = new ArrayList<DiscussionThread>();
    for (int i = 0; i < 7; i++) {
      saved.add(threads.save(thread("t" + i, i * 3)));
    }
    statements.clear();
    var page = threads.findAll(PageRequest.of(1, 3, Sort.by("id")));
    assertThat(page.getContent().stream().map(AggregatesTest::seen))
        .containsExactlyElementsOf(saved.subList(3, 6).stream().map(AggregatesTest::seen).toList());
    assertThat(page.getTotalElements()).isEqualTo(7);
    assertThat(statements)
        .filteredOn(s -> s.startsWith("DiscussionThread."))
        .containsExactlyInAnyOrder(
            "DiscussionThread.posts", "DiscussionThread.tags", "DiscussionThread.summaries");

    statements.clear();
    var derived = threads.findByTitleStartingWithOrderByIdAsc("t");
    assertThat(derived.stream().map(AggregatesTest::seen))
        .containsExactlyElementsOf(saved.stream().map(AggregatesTest::seen).toList());
    assertThat(statements).hasSize(4);

    var derivedPage =
        threads.findByTitleStartingWith(
            "t", PageRequest.of(0, 2, Sort.by(Sort.Direction.DESC, "id")));
    assertThat(derivedPage.getContent().stream().map(AggregatesTest::seen))
        .containsExactly(seen(saved.get(6)), seen(saved.get(5)));

    assertThat(threads.titled("t4").map(AggregatesTest::seen)).contains(seen(saved.get(4)));
    assertThat(
            threads.findAll(Example.of(new DiscussionThread(null, "t5", null, null, null))).stream()
                .map(AggregatesTest::seen))
        .containsExactly(seen(saved.get(5)));
    assertThat(
            threads.findAllById(List.of(saved.get(2).id(), saved.get(0).id())).stream()
                .map(AggregatesTest::seen))
        .containsExactlyInAnyOrder(seen(saved.get(0)), seen(saved.get(2)));
  }

  @Test
  void insideAReadOnlyTransactionTheElementsTextBorrowsTheMap() {
    var saved = threads.save(thread("borrowed", 50));
    var regions = MappedRegions.of(database.dataFile());
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    int checked =
        readOnly.execute(
            status -> {
              var found = threads.findById(saved.id()).orElseThrow();
              var texts = new ArrayList<CharSequence>();
              found
                  .posts()
                  .forEach(
                      p -> {
                        texts.add(p.author());
                        texts.add(p.body());
                      });
              found.summaries().values().forEach(s -> texts.add(s.text()));
              for (var text : texts) {
                assertThat(text).isInstanceOf(Text.class);
                var borrowed = (Text) text;
                assertThat(borrowed.isBorrowed()).isTrue();
                assertThat(
                        regions.contains(
                            borrowed.asReadOnlySegment().address(), borrowed.utf8Length()))
                    .isTrue();
              }
              assertThat(seen(found)).isEqualTo(seen(saved));
              return texts.size();
            });
    assertThat(checked).isEqualTo(2 * 50 + 2);

    // outside a transaction the roots and their elements are read in one snapshot, as owned copies
    var owned = threads.findById(saved.id()).orElseThrow();
    assertThat(owned.posts()).allSatisfy(p -> assertThat(((Text) p.body()).isBorrowed()).isFalse());
    assertThat(seen(owned)).isEqualTo(seen(saved));
  }

  static Board board(String name, int topics) {
    var list = new ArrayList<Board.Topic>();
    for (int t = 0; t < topics; t++) {
      var replies = new ArrayList<Board.Reply>();
      for (int r = 0; r < t; r++) {
        replies.add(new Board.Reply(name + " topic " + t + " reply " + r));
      }
      list.add(new Board.Topic(null, name + " topic " + t, replies));
    }
    return new Board(null, name, list);
  }

  static List<String> seen(Board board) {
    var seen = new ArrayList<String>();
    seen.add(board.id() + " " + board.name());
    for (var topic : board.topics()) {
      seen.add(topic.id() + " " + topic.subject());
      topic.replies().forEach(reply -> seen.add("  " + reply.body()));
    }
    return seen;
  }

  @Test
  void aNestedLevelIsReadWithOneStatementPerLevelAndWrittenAndDeletedWithItsParents() {
    var first = boards.save(board("first", 4));
    var second = boards.save(board("second", 3));
    assertThat(first.topics()).allSatisfy(topic -> assertThat(topic.id()).isNotNull());
    assertThat(rows("reply")).isEqualTo((0 + 1 + 2 + 3) + (0 + 1 + 2));

    statements.clear();
    assertThat(boards.findAll().stream().map(AggregatesTest::seen))
        .containsExactly(seen(first), seen(second));
    // the boards, their topics, the topics' replies: one statement per level for both boards
    assertThat(statements).hasSize(3);

    var kept = first.topics().get(3);
    var shrunk =
        boards.save(
            new Board(
                first.id(),
                "first, shorter",
                List.of(
                    new Board.Topic(null, kept.subject(), kept.replies().subList(0, 2)),
                    new Board.Topic(null, "new", List.of(new Board.Reply("hi"))))));
    assertThat(seen(boards.findById(first.id()).orElseThrow())).isEqualTo(seen(shrunk));
    assertThat(rows("topic")).isEqualTo(2 + 3);
    assertThat(rows("reply")).isEqualTo(2 + 1 + 3);

    boards.delete(shrunk);
    assertThat(List.of(rows("topic"), rows("reply"))).containsExactly(3L, 3L);
    assertThat(seen(boards.findById(second.id()).orElseThrow())).isEqualTo(seen(second));
    boards.deleteAll();
    assertThat(List.of(rows("board"), rows("topic"), rows("reply"))).containsOnly(0L);
  }

  @Test
  void defaultNamesAreSpringDataJdbcs() {
    var album =
        albums.save(
            new Album(1L, "Wind", List.of(new Album.Track("Updraft"), new Album.Track("Gust"))));
    assertThat(albums.findById(1L)).contains(album);
    assertThat(
            template.query(
                "select title from track where album = ? order by album_key",
                row -> row.getString(0),
                1L))
        .containsExactly("Updraft", "Gust");
    albums.delete(album);
    assertThat(rows("track")).isZero();
  }
}
