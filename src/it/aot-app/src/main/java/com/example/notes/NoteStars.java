package com.example.notes;

/** A DTO projection: selects the title and stars columns. */
public record NoteStars(CharSequence title, int stars) {}
