package com.example.readme;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("posts")
public record Post(@Id Long id, long threadId, Long parentId, CharSequence author, CharSequence body) {}
