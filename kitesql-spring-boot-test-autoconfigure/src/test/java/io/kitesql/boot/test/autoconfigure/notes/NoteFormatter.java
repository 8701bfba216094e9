package io.kitesql.boot.test.autoconfigure.notes;

import org.springframework.stereotype.Component;

/** A component of the application, which a data slice does not start. */
@Component
public class NoteFormatter {}
