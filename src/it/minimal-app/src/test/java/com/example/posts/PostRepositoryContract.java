package com.example.posts;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * What {@link PostRepository} does on any store: minimal-app runs it on KiteSQL, postgresql-portability
 * on Spring Data JDBC and PostgreSQL (it compiles this file from here). Expected values are worked out
 * from the posts {@link #load()} saves. What differs between the stores is tested in the subclasses:
 * the repository features Spring Data JDBC lacks are shown failing there.
 */
public abstract class PostRepositoryContract {

  @Autowired protected PostRepository posts;
  @Autowired protected TipRepository tips;
  @Autowired protected FlagRepository flags;
  @Autowired protected MemberRepository members;
  @Autowired protected VoteRepository votes;
  @Autowired protected DiscussionThreadRepository threads;
  @Autowired protected ForumRepository forums;

  /** Thread 1: a root by ada, two replies to it, a reply to the first reply. */
  protected Post root;
  protected Post firstReply;
  protected Post secondReply;
  protected Post nestedReply;
  /** Thread 2: one post. */
  protected Post otherThread;

  @BeforeEach
  void load() {
    threads.deleteAll();
    forums.deleteAll();
    tips.deleteAll();
    posts.deleteAll();
    root = posts.save(Post.of(1, null, "ada", "Kites fly at 50% wind"));
    firstReply = posts.save(Post.of(1, root.id(), "bob", "first reply"));
    secondReply = posts.save(Post.of(1, root.id(), "ada", "a snake_case kite ✈"));
    nestedReply = posts.save(Post.of(1, firstReply.id(), "cyd", "seen from the ridge crest"));
    otherThread = posts.save(Post.of(2, null, "bob", "another thread, 50 percent off"));
  }

  /** The thread's posts in the order they were saved. */
  protected List<Post> thread() {
    return List.of(root, firstReply, secondReply, nestedReply);
  }

  protected static List<Long> ids(Iterable<? extends Post> found) {
    var ids = new ArrayList<Long>();
    found.forEach(p -> ids.add(p.id()));
    return ids;
  }

  @Test
  void saveAssignsIncreasingGeneratedIdsAndFindByIdReadsThePostBack() {
    assertThat(ids(thread())).doesNotContainNull().isSorted().doesNotHaveDuplicates();
    assertThat(otherThread.id()).isGreaterThan(nestedReply.id());
    var found = posts.findById(secondReply.id()).orElseThrow();
    assertThat(found.threadId()).isEqualTo(1);
    assertThat(found.parentId()).isEqualTo(root.id());
    assertThat(found.author().toString()).isEqualTo("ada");
    assertThat(found.body().toString()).isEqualTo("a snake_case kite ✈");
    assertThat(posts.findById(otherThread.id() + 1000)).isEmpty();
  }

  @Test
  void aDerivedQueryReturnsTheThreadInIdOrder() {
    var found = posts.findByThreadIdOrderByIdAsc(1);
    assertThat(ids(found)).containsExactlyElementsOf(ids(thread()));
    assertThat(found).extracting(p -> p.body().toString())
        .containsExactly("Kites fly at 50% wind", "first reply", "a snake_case kite ✈", "seen from the ridge crest");
    assertThat(found.get(3).parentId()).isEqualTo(firstReply.id());
  }

  @Test
  void countExistsAndFirst() {
    assertThat(posts.countByThreadId(1)).isEqualTo(4);
    assertThat(posts.countByThreadId(2)).isEqualTo(1);
    assertThat(posts.countByThreadId(3)).isZero();
    assertThat(posts.existsByAuthor("cyd")).isTrue();
    assertThat(posts.existsByAuthor("zed")).isFalse();
    assertThat(posts.findFirstByThreadIdOrderByIdDesc(1)).map(Post::id).contains(nestedReply.id());
    assertThat(posts.findFirstByThreadIdOrderByIdDesc(3)).isEmpty();
  }

  @Test
  void pagesOfADerivedQueryAndOfFindAll() {
    var first = posts.findByAuthor("ada", PageRequest.of(0, 1, Sort.by("id")));
    assertThat(first.getTotalElements()).isEqualTo(2);
    assertThat(first.getTotalPages()).isEqualTo(2);
    assertThat(ids(first.getContent())).containsExactly(root.id());
    assertThat(ids(posts.findByAuthor("ada", first.nextPageable()).getContent())).containsExactly(secondReply.id());

    // all five by id descending: other, nested, second, first, root; the second page of two
    var page = posts.findAll(PageRequest.of(1, 2, Sort.by(Sort.Direction.DESC, "id")));
    assertThat(page.getTotalElements()).isEqualTo(5);
    assertThat(ids(page.getContent())).containsExactly(secondReply.id(), firstReply.id());
  }

  @Test
  void containingMatchesTheFragmentLiterally() {
    // as LIKE patterns "50%" would also match "50 percent", and "e_c" "ridge crest"
    assertThat(ids(posts.findByBodyContainingOrderByIdAsc("50%"))).containsExactly(root.id());
    assertThat(ids(posts.findByBodyContainingOrderByIdAsc("e_c"))).containsExactly(secondReply.id());
    assertThat(ids(posts.findByBodyContainingOrderByIdAsc("50"))).containsExactly(root.id(), otherThread.id());
  }

  @Test
  void queryByExampleMatchesTheProbesSetProperties() {
    // threadId is a primitive, so it is always part of the probe: thread 1 by ada
    var byAuthor = Example.of(new Post(null, 1, null, "ada", null));
    assertThat(ids(posts.findAll(byAuthor, Sort.by("id")))).containsExactly(root.id(), secondReply.id());
    assertThat(posts.count(byAuthor)).isEqualTo(2);
    assertThat(posts.exists(Example.of(new Post(null, 2, null, "ada", null)))).isFalse();
    // bob's posts in any thread (exact matches: Spring Data JDBC cannot run LIKE matchers on a
    // CharSequence property; postgresql-portability shows it)
    var byBob = ExampleMatcher.matching().withIgnorePaths("threadId");
    var page = posts.findAll(Example.of(new Post(null, 0, null, "bob", null), byBob), PageRequest.of(0, 1, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(2);
    assertThat(ids(page.getContent())).containsExactly(firstReply.id());
    Optional<Post> latest = posts.findBy(byAuthor, q -> q.sortBy(Sort.by("id").descending()).first());
    assertThat(latest).map(Post::id).contains(secondReply.id());
  }

  @Test
  void auditingAndEntityCallbacksRunOnSave() {
    flags.deleteAll();
    var before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    var saved = flags.save(Flag.of(root.id(), "  SPAM "));
    var after = Instant.now();
    var stored = flags.findById(saved.id()).orElseThrow();
    // FlagCallbacks' BeforeConvertCallback normalized the reason; auditing set who and when
    assertThat(stored.reason().toString()).isEqualTo("spam");
    assertThat(stored.createdBy()).isEqualTo(FlagCallbacks.MODERATOR);
    assertThat(stored.createdAt()).isBetween(before, after);
    assertThat(saved.createdAt()).isNotNull();
  }

  @Test
  void saveWithAnIdUpdatesAndDeleteByIdRemoves() {
    posts.save(new Post(firstReply.id(), 1, root.id(), "bob", "first reply, edited"));
    assertThat(posts.findById(firstReply.id()).orElseThrow().body().toString()).isEqualTo("first reply, edited");
    assertThat(posts.count()).isEqualTo(5);
    posts.deleteById(nestedReply.id());
    assertThat(posts.countByThreadId(1)).isEqualTo(3);
    assertThat(posts.existsById(nestedReply.id())).isFalse();
  }

  @Test
  void decimalParametersCompareWithTheExactValue() {
    var small = tips.save(Tip.of(root.id(), "1.00"));
    var middle = tips.save(Tip.of(root.id(), "752.62"));
    var large = tips.save(Tip.of(firstReply.id(), "846.41"));
    var largest = tips.save(Tip.of(firstReply.id(), "9999999999.99"));
    // expected by exact decimal arithmetic: 1.004 equals no amount; 752.615 < 752.62; 846.405 < 846.41
    assertThat(tipIds(tips.findByAmountOrderByIdAsc(new BigDecimal("1.004")))).isEmpty();
    assertThat(tipIds(tips.findByAmountOrderByIdAsc(new BigDecimal("1.000")))).containsExactly(small.id());
    assertThat(tipIds(tips.findByAmountGreaterThanOrderByIdAsc(new BigDecimal("752.615"))))
        .containsExactly(middle.id(), large.id(), largest.id());
    assertThat(tipIds(tips.findByAmountGreaterThanEqualOrderByIdAsc(new BigDecimal("846.405"))))
        .containsExactly(large.id(), largest.id());
    assertThat(tipIds(tips.findByAmountLessThanEqualOrderByIdAsc(new BigDecimal("846.405"))))
        .containsExactly(small.id(), middle.id());
    assertThat(tipIds(tips.findByAmountBetweenOrderByIdAsc(new BigDecimal("0.995"), new BigDecimal("752.625"))))
        .containsExactly(small.id(), middle.id());
    // beyond DECIMAL(12, 2): above every amount, not an error
    assertThat(tipIds(tips.findByAmountGreaterThanEqualOrderByIdAsc(new BigDecimal("99999999999.99")))).isEmpty();
    assertThat(tipIds(tips.findByAmountLessThanEqualOrderByIdAsc(new BigDecimal("1E+20"))))
        .containsExactly(small.id(), middle.id(), large.id(), largest.id());
  }

  @Test
  void embeddedValuesAreColumnsOfTheOwnersTable() {
    members.deleteAll();
    var paris = members.save(Member.of("ada", new Location("Paris", "FR")));
    var lyon = members.save(Member.of("bob", new Location("Lyon", "FR")));
    var rome = members.save(Member.of("cyd", new Location("Rome", "IT")));
    var nowhere = members.save(Member.of("dee", null));
    // both home columns NULL: the home reads as null (@Embedded.Nullable)
    assertThat(members.findById(nowhere.id()).orElseThrow().home()).isNull();
    var found = members.findById(rome.id()).orElseThrow();
    assertThat(found.home().city().toString()).isEqualTo("Rome");
    assertThat(found.home().country()).isEqualTo("IT");
    assertThat(memberIds(members.findByHomeCityOrderByIdAsc("Paris"))).containsExactly(paris.id());
    // the French members by city: Lyon before Paris
    assertThat(memberIds(members.findByHomeCountry("FR", Sort.by("home.city")))).containsExactly(lyon.id(), paris.id());
    assertThat(members.countByHomeCountry("IT")).isEqualTo(1);
    members.save(new Member(nowhere.id(), "dee", new Location("Oslo", "NO")));
    assertThat(members.findById(nowhere.id()).orElseThrow().home().city().toString()).isEqualTo("Oslo");
  }

  @Test
  void aCompositeIdFindsUpdatesAndDeletesByEveryColumn() {
    votes.deleteAll();
    var up = votes.save(Vote.of(root.id(), 1, 1));
    votes.save(Vote.of(root.id(), 2, -1));
    votes.save(Vote.of(firstReply.id(), 1, 1));
    assertThat(up.version()).isZero();
    assertThat(votes.count()).isEqualTo(3);
    assertThat(votes.findById(new VoteId(root.id(), 2))).map(Vote::value).contains(-1);
    // the same member on another post, and the same post by another member, are other keys
    assertThat(votes.existsById(new VoteId(firstReply.id(), 2))).isFalse();
    assertThat(votes.existsById(new VoteId(secondReply.id(), 1))).isFalse();
    var changed = votes.save(new Vote(up.id(), -1, up.version()));
    assertThat(changed.version()).isEqualTo(1);
    assertThat(votes.findById(up.id())).map(Vote::value).contains(-1);
    assertThat(votes.findByIdPostIdOrderByIdMemberIdAsc(root.id())).extracting(v -> v.id().memberId()).containsExactly(1L, 2L);
    votes.deleteById(new VoteId(root.id(), 2));
    assertThat(votes.findByIdPostIdOrderByIdMemberIdAsc(root.id())).extracting(v -> v.id().memberId()).containsExactly(1L);
    assertThat(votes.count()).isEqualTo(2);
  }

  private static List<Long> memberIds(List<Member> found) {
    return found.stream().map(Member::id).toList();
  }

  private static List<Long> tipIds(List<Tip> found) {
    return found.stream().map(Tip::id).toList();
  }

  /** A thread of {@code replies} replies, two labels and summaries in two languages. */
  protected static DiscussionThread discussion(String title, int replies) {
    var list = new ArrayList<DiscussionThread.Reply>();
    for (int i = 0; i < replies; i++) {
      list.add(new DiscussionThread.Reply("user" + i % 3, title + ", reply " + i + " ✈"));
    }
    return new DiscussionThread(null, title, list,
        Set.of(new DiscussionThread.Label("kites"), new DiscussionThread.Label("about " + title)),
        Map.of("en", new DiscussionThread.Summary(title + " in short"), "fr", new DiscussionThread.Summary(title + " en bref")));
  }

  /** A thread as strings: replies in order, labels and summaries sorted. */
  protected static List<String> described(DiscussionThread thread) {
    var described = new ArrayList<String>();
    described.add(thread.id() + ": " + thread.title());
    thread.replies().forEach(r -> described.add(r.author() + " wrote " + r.body()));
    thread.labels().stream().map(l -> "label " + l.name()).sorted().forEach(described::add);
    thread.summaries().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue().content()).sorted().forEach(described::add);
    return described;
  }

  @Test
  void anAggregateIsSavedAndReadWithItsCollections() {
    var saved = threads.save(discussion("wind", 5));
    var other = threads.save(discussion("calm", 2));
    assertThat(described(threads.findById(saved.id()).orElseThrow())).isEqualTo(described(saved));
    assertThat(described(threads.findById(other.id()).orElseThrow())).isEqualTo(described(other));
    assertThat(threads.findById(other.id() + 1000)).isEmpty();
  }

  @Test
  void savingAnAggregateAgainReplacesItsCollections() {
    var saved = threads.save(discussion("wind", 5));
    var other = threads.save(discussion("calm", 2));
    var shrunk = threads.save(new DiscussionThread(saved.id(), "wind, shorter", saved.replies().subList(1, 3),
        Set.of(new DiscussionThread.Label("short")), Map.of()));
    assertThat(described(threads.findById(saved.id()).orElseThrow())).isEqualTo(described(shrunk));
    var longer = new ArrayList<>(shrunk.replies());
    longer.addAll(discussion("gust", 6).replies());
    var grown = threads.save(new DiscussionThread(saved.id(), "wind, longer", longer, shrunk.labels(),
        Map.of("de", new DiscussionThread.Summary("kurz"))));
    assertThat(described(threads.findById(saved.id()).orElseThrow())).isEqualTo(described(grown)).hasSize(1 + 8 + 1 + 1);
    assertThat(described(threads.findById(other.id()).orElseThrow())).isEqualTo(described(other));
  }

  @Test
  void deletingAnAggregateDeletesItsCollections() {
    var first = threads.save(discussion("wind", 3));
    var second = threads.save(discussion("calm", 2));
    threads.delete(first);
    assertThat(threads.findById(first.id())).isEmpty();
    threads.deleteById(second.id());
    assertThat(threads.count()).isZero();
    // had the collections' rows stayed, saving threads with the same labels and keys again would clash
    var again = threads.save(discussion("wind", 3));
    assertThat(described(threads.findById(again.id()).orElseThrow())).isEqualTo(described(again));
  }

  @Test
  void pagesAndDerivedQueriesReturnWholeAggregates() {
    var saved = new ArrayList<DiscussionThread>();
    for (int i = 0; i < 5; i++) {
      saved.add(threads.save(discussion("t" + i, i)));
    }
    var page = threads.findAll(PageRequest.of(1, 2, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(5);
    assertThat(page.getContent().stream().map(PostRepositoryContract::described))
        .containsExactly(described(saved.get(2)), described(saved.get(3)));
    assertThat(threads.findByTitleStartingWithOrderByIdAsc("t").stream().map(PostRepositoryContract::described))
        .containsExactlyElementsOf(saved.stream().map(PostRepositoryContract::described).toList());
  }

  /** A forum whose topic {@code t} has {@code t} replies. */
  protected static Forum forum(String name, int topics) {
    var list = new ArrayList<Forum.Topic>();
    for (int t = 0; t < topics; t++) {
      var replies = new ArrayList<Forum.TopicReply>();
      for (int r = 0; r < t; r++) {
        replies.add(new Forum.TopicReply(name + " " + t + "." + r));
      }
      list.add(new Forum.Topic(null, name + " topic " + t, replies));
    }
    return new Forum(null, name, list);
  }

  /** A forum as strings, its topics and their replies in order; without ids (compared with what was saved). */
  protected static List<String> described(Forum forum) {
    var described = new ArrayList<String>();
    described.add(forum.name().toString());
    for (var topic : forum.topics()) {
      described.add(topic.subject().toString());
      topic.replies().forEach(reply -> described.add("  " + reply.body()));
    }
    return described;
  }

  @Test
  void aNestedLevelIsSavedReplacedAndDeletedWithItsAggregate() {
    var kites = forum("kites", 4);
    var wind = forum("wind", 3);
    var first = forums.save(kites);
    var second = forums.save(wind);
    assertThat(first.topics()).allSatisfy(topic -> assertThat(topic.id()).isNotNull());
    assertThat(forums.findAll(Sort.by("id")).stream().map(PostRepositoryContract::described))
        .containsExactly(described(kites), described(wind));
    var kept = kites.topics().get(3);
    var shorter = new Forum(first.id(), "kites, shorter", List.of(new Forum.Topic(null, kept.subject(), kept.replies().subList(1, 3))));
    forums.save(shorter);
    assertThat(described(forums.findById(first.id()).orElseThrow())).isEqualTo(described(shorter)).hasSize(1 + 1 + 2);
    forums.deleteById(first.id());
    assertThat(forums.findById(first.id())).isEmpty();
    assertThat(described(forums.findById(second.id()).orElseThrow())).isEqualTo(described(wind));
  }
}
