package com.example.notes;

/** An interface projection: selects the title column only. */
public interface NoteTitle {
  CharSequence getTitle();
}
