package io.kitesql.data.repository;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.query.Param;

public interface OrderRepository extends KiteSqlRepository<Order, Long> {
  interface NoteView {
    Long getId();

    CharSequence getNote();
  }

  record StatusAndAmount(String status, BigDecimal amount) {}

  record IdAndNote(Long id, CharSequence note) {}

  List<IdAndNote> findByCustomerIdOrderByIdAsc(int customerId);

  List<Order> findByCustomerIdAndStatusAndAmountGreaterThan(
      int customerId, String status, BigDecimal amount);

  List<NoteView> findByCustomerIdOrderByIdDesc(int customerId);

  List<StatusAndAmount> findByStatus(String status);

  List<Order> findByStatusOrCustomerId(String status, int customerId);

  List<Order> findByStatusNot(String status);

  List<Order> findByAmountBetween(BigDecimal low, BigDecimal high);

  List<Order> findByAmountLessThanEqual(BigDecimal amount);

  List<Order> findByAmountGreaterThanEqual(BigDecimal amount);

  List<Order> findByIdLessThan(long id);

  List<Order> findByStatusIn(Collection<String> statuses);

  List<Order> findByStatusNotIn(Collection<String> statuses);

  List<Order> findByNoteStartingWith(String prefix);

  List<Order> findByNoteEndingWith(String suffix);

  List<Order> findByNoteContaining(String infix);

  List<Order> findByNoteNotContaining(String infix);

  List<Order> findByNoteLike(String pattern);

  List<Order> findByStatusIgnoreCase(String status);

  List<Order> findByNoteIsNull();

  List<Order> findByNoteIsNotNull();

  List<Order> findTop3ByStatusOrderByAmountDesc(String status);

  Optional<Order> findFirstByCustomerIdOrderByIdAsc(int customerId);

  Order findOneById(long id);

  Order findOneByCustomerId(int customerId);

  List<StatusAndAmount> findDistinctByCustomerId(int customerId);

  long countByStatus(String status);

  boolean existsByCustomerId(int customerId);

  long deleteByStatus(String status);

  List<Order> findByCustomerId(int customerId, Sort sort);

  Page<Order> findByStatus(String status, Pageable pageable);

  Slice<Order> findSliceByStatus(String status, Pageable pageable);

  List<Order> findByStatus(String status, Limit limit);

  Stream<Order> streamByCustomerId(int customerId);

  Window<Order> findFirst10ByStatusOrderByAmountAsc(String status, ScrollPosition position);

  Window<Order> findByStatusOrderByNoteDesc(String status, ScrollPosition position, Limit limit);

  <T> List<T> findByCustomerId(int customerId, Class<T> type);

  @Query("select * from orders where customer_id = :customer and status = :status order by id")
  List<Order> byCustomerAndStatus(@Param("customer") int customer, String status);

  @Query("select * from orders where customer_id = ? order by id")
  List<NoteView> notesOf(int customer);

  @Query("select count(*) from orders where status = ?1")
  long countWithStatus(String status);

  @Query("select status, sum(amount) as amount from orders group by status order by status")
  List<StatusAndAmount> totalsByStatus();

  @Modifying
  @Query("update orders set status = :to where status = :from")
  int renameStatus(String from, String to);
}
