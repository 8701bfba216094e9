package com.example.accounts;

import java.util.function.Supplier;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Plain {@code @Transactional}, no manager named: the application's default, JDBC's. */
@Service
public class AccountService {
  private final AccountRepository accounts;

  public AccountService(AccountRepository accounts) {
    this.accounts = accounts;
  }

  /** Opens an account; with {@code fail} the method throws after the insert, which must roll it back. */
  @Transactional
  public Account open(String owner, long balance, boolean fail) {
    var saved = accounts.save(new Account(null, owner, balance));
    if (fail) {
      throw new IllegalStateException("refused after the insert: " + owner);
    }
    return saved;
  }

  /** Runs {@code work} inside an unqualified {@code @Transactional} method. */
  @Transactional
  public <T> T inTransaction(Supplier<T> work) {
    return work.get();
  }
}
