package com.example;

import com.example.notes.Note;
import com.example.notes.NoteRepository;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** Starts, writes a note, reads it back through a generated query method, and exits. */
@SpringBootApplication
public class AotApplication {
  public static void main(String[] args) {
    SpringApplication.run(AotApplication.class, args);
  }

  @Bean
  CommandLineRunner firstNote(NoteRepository notes) {
    return _ -> {
      notes.save(Note.of("ada", "kites", 5));
      System.out.println("notes by ada: " + notes.countByAuthor("ada"));
    };
  }
}
