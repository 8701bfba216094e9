package com.example.accounts;

import java.util.Optional;
import org.springframework.data.repository.ListCrudRepository;

/** Spring Data JDBC's: the package {@code @EnableJdbcRepositories} names. */
public interface AccountRepository extends ListCrudRepository<Account, Long> {
  Optional<Account> findByOwner(String owner);
}
