package com.example.notes;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Modifying;
import io.kitesql.data.repository.Query;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/**
 * Built with Spring AOT, every method here but the last two is generated as source; the last two
 * have a per-call shape (an In list, a Pageable) and stay with the query derived at start-up.
 */
public interface NoteRepository extends KiteSqlRepository<Note, Long> {
  List<Note> findByAuthorOrderByIdAsc(String author);

  Optional<Note> findByTitle(String title);

  Note findFirstByAuthorOrderByStarsDesc(String author);

  List<NoteTitle> findByTitleStartingWithOrderByTitleAsc(String prefix);

  Set<NoteStars> findByStarsGreaterThanEqual(int stars);

  long countByAuthor(String author);

  boolean existsByAuthor(String author);

  long deleteByAuthor(String author);

  @Query("select id, author, title, stars from notes where stars between :low and :high order by id")
  List<Note> rated(int low, int high);

  @Query("select title from notes where author = ? order by id")
  List<String> titlesBy(String author);

  @Query("select count(*) from notes where stars > ?")
  Long countAbove(int stars);

  @Modifying
  @Query("update notes set stars = stars + 1 where author = ?")
  int star(String author);

  List<Note> findByAuthorIn(Collection<String> authors);

  Page<Note> findByAuthor(String author, Pageable page);
}
