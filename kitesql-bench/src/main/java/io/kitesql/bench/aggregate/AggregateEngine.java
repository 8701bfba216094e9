package io.kitesql.bench.aggregate;

import io.kitesql.bench.Engine;
import io.kitesql.bench.repository.ContextEngine;
import io.kitesql.bench.repository.ReadOnlyScope;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A repository stack as an {@link Engine} of the bench: one execution loads aggregates through
 * {@link DiscussionThreadRepository} ({@code findById} of one thread, or {@code findAllById} of
 * several), its rows the loaded posts (text 0 the author, text 1 the body, number 0 the thread id).
 * A cell's calls run inside one read-only transaction opened by the context's {@link
 * ReadOnlyScope}.
 */
public final class AggregateEngine extends ContextEngine {
  private final DiscussionThreadRepository threads;

  /** Takes over {@code context} (closed with this engine). */
  public AggregateEngine(String name, boolean borrows, ConfigurableApplicationContext context) {
    super(name, borrows, context);
    this.threads = context.getBean(DiscussionThreadRepository.class);
  }

  public DiscussionThreadRepository threads() {
    return threads;
  }

  /** {@code findById(parameters[0])}. */
  public Query findById() {
    return new Load(parameters -> List.of(threads.findById((Long) parameters[0]).orElseThrow()));
  }

  /** {@code findAllById(parameters)}. */
  public Query findAllById() {
    return new Load(
        parameters -> {
          var ids = new ArrayList<Long>(parameters.length);
          for (var id : parameters) {
            ids.add((Long) id);
          }
          return threads.findAllById(ids);
        });
  }

  @FunctionalInterface
  private interface Loader {
    List<DiscussionThread> load(Object[] parameters);
  }

  /** One object per cell: a call's posts stay readable until the next call. */
  private static final class Load implements Query, Rows {
    private final Loader loader;
    private List<DiscussionThread> loaded = List.of();
    private int thread;
    private int post;

    Load(Loader loader) {
      this.loader = loader;
    }

    @Override
    public Rows execute(Object[] parameters) {
      loaded = loader.load(parameters);
      thread = 0;
      post = -1;
      return this;
    }

    @Override
    public boolean next() {
      while (thread < loaded.size()) {
        if (++post < loaded.get(thread).posts().size()) {
          return true;
        }
        thread++;
        post = -1;
      }
      return false;
    }

    @Override
    public CharSequence text(int column) {
      var current = loaded.get(thread).posts().get(post);
      return switch (column) {
        case 0 -> current.author();
        case 1 -> current.body();
        default ->
            throw new IllegalArgumentException("column " + column + " of a post is not text");
      };
    }

    @Override
    public long number(int column) {
      if (column != 0) {
        throw new IllegalArgumentException("column " + column + " of a post is not a number");
      }
      return loaded.get(thread).id();
    }

    @Override
    public void close() {
      loaded = List.of();
    }
  }
}
