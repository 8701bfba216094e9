package com.example.posts;

import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.ListCrudRepository;

/** Members, with derived queries on the embedded home's properties. */
public interface MemberRepository extends ListCrudRepository<Member, Long> {

  List<Member> findByHomeCityOrderByIdAsc(String city);

  List<Member> findByHomeCountry(String country, Sort sort);

  long countByHomeCountry(String country);
}
