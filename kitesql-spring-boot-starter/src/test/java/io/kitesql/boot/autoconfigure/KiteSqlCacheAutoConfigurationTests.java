package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.data.cache.BorrowedValueCacheException;
import io.kitesql.data.cache.BorrowedValueCheckingCacheManagers;
import io.kitesql.data.transaction.ReadOnlyTxn;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code @Cacheable} over read-only methods: a result holding borrowed text is refused on the call
 * that would cache it (it would die with its transaction, and every hit would then fail); copies
 * are cached as usual. A real context, database and {@code ConcurrentMapCacheManager}.
 */
class KiteSqlCacheAutoConfigurationTests {
  @TempDir Path dir;

  /** A note's text as copies: what a cached method should return. */
  record NoteCopy(long id, String body) {}

  static class CachedNotes {
    private final NoteRepository notes;

    CachedNotes(NoteRepository notes) {
      this.notes = notes;
    }

    /**
     * Borrowed: Note's CharSequence fields are views of the map inside the read-only transaction.
     */
    @Cacheable("notes")
    @ReadOnlyTxn
    public List<Note> byAuthor(String author) {
      return notes.findByAuthor(author);
    }

    @Cacheable(cacheNames = "notes", sync = true)
    @ReadOnlyTxn
    public List<Note> byAuthorSynchronized(String author) {
      return notes.findByAuthor(author);
    }

    @Cacheable("copies")
    @ReadOnlyTxn
    public List<NoteCopy> copiesByAuthor(String author) {
      return notes.findByAuthor(author).stream()
          .map(n -> new NoteCopy(n.id(), n.body().toString()))
          .toList();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCaching
  static class Caching {
    @Bean
    ConcurrentMapCacheManager cacheManager() {
      return new ConcurrentMapCacheManager();
    }

    @Bean
    CachedNotes cachedNotes(NoteRepository notes) {
      return new CachedNotes(notes);
    }
  }

  private ApplicationContextRunner runner() {
    return KiteSqlAutoConfigurationTests.runner(dir)
        .withConfiguration(AutoConfigurations.of(KiteSqlCacheAutoConfiguration.class))
        .withUserConfiguration(Caching.class);
  }

  @Test
  void borrowedResultsAreRefusedOnTheCallThatWouldCacheThemAndCopiesAreCached() {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean(NoteRepository.class).save(new Note(1L, "ann", "kept"));
              var cachedNotes = context.getBean(CachedNotes.class);
              var manager = context.getBean(ConcurrentMapCacheManager.class); // still its own type
              assertThat(BorrowedValueCheckingCacheManagers.isWrapped(manager)).isTrue();

              assertThatThrownBy(() -> cachedNotes.byAuthor("ann"))
                  .isInstanceOf(BorrowedValueCacheException.class)
                  .hasMessageContaining("cache 'notes'")
                  .hasMessageContaining(
                      "[0].body is text borrowed from a KiteSQL read-only transaction");
              assertThatThrownBy(
                      () ->
                          cachedNotes.byAuthorSynchronized(
                              "ann")) // get(key, loader): checked as it loads
                  .isInstanceOf(BorrowedValueCacheException.class);
              assertThat(manager.getCache("notes").get("ann")).as("nothing cached").isNull();

              var first = cachedNotes.copiesByAuthor("ann");
              assertThat(first).containsExactly(new NoteCopy(1L, "kept"));
              assertThat(cachedNotes.copiesByAuthor("ann")).isSameAs(first); // a hit
            });
  }

  @Test
  void offWhenAskedAndThenEveryHitAfterTheTransactionFails() {
    runner()
        .withPropertyValues("kitesql.cache.refuse-borrowed-values=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean(NoteRepository.class).save(new Note(1L, "ann", "kept"));
              assertThat(
                      BorrowedValueCheckingCacheManagers.isWrapped(
                          context.getBean(ConcurrentMapCacheManager.class)))
                  .isFalse();
              var cachedNotes = context.getBean(CachedNotes.class);
              cachedNotes.byAuthor("ann");
              var hit = cachedNotes.byAuthor("ann");
              assertThatThrownBy(() -> hit.getFirst().body().toString())
                  .isInstanceOf(IllegalStateException.class);
            });
  }
}
