package io.kitesql.data.repository;

import java.util.List;

/**
 * A repository fragment for writing entities whether or not their rows exist, in one statement
 * each: {@code insert ... on conflict (id) do update set ...} (PostgreSQL's upsert, which KiteSQL
 * runs with PostgreSQL's semantics). A repository interface adds it beside {@link
 * KiteSqlRepository}: {@code interface NoteRepository extends KiteSqlRepository<Note, Long>,
 * KiteSqlUpsertRepository<Note>}.
 *
 * <p>The entity's id must be assigned. Entity callbacks run as for {@code save} (the entity counts
 * as not new, having an id). Entities with a {@code @Version} are refused when the repository is
 * made: an upsert cannot say which version it expects.
 */
public interface KiteSqlUpsertRepository<T> {
  /** Inserts {@code entity}, or updates every column of the row with its id. */
  <S extends T> S upsert(S entity);

  /**
   * {@link #upsert} of each entity, in statements of many rows; two entities with one id fail the
   * call.
   */
  <S extends T> List<S> upsertAll(Iterable<S> entities);
}
