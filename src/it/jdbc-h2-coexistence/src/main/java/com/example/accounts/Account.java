package com.example.accounts;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An account, stored in H2 by Spring Data JDBC (table {@code account}, named after the class). */
@Table
public record Account(@Id Long id, String owner, long balance) {}
