package io.kitesql.boot.test.autoconfigure.notes;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application the slice tests find: notes, their repository and a component the slice leaves
 * out.
 */
@SpringBootApplication
public class NotesApplication {}
