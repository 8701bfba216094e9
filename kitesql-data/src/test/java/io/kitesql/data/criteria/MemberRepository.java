package io.kitesql.data.criteria;

import io.kitesql.data.repository.KiteSqlCriteriaExecutor;
import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

public interface MemberRepository
    extends KiteSqlRepository<Member, Long>, KiteSqlCriteriaExecutor<Member> {
  /** The derived query a criteria query on the city is measured against. */
  List<Member> findByCity(CharSequence city);
}
