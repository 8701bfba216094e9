package io.kitesql.boot.testapp;

import java.nio.charset.StandardCharsets;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The controller patterns of a web application over {@link NoteService}: entities with borrowed
 * text returned from read-only methods and written as JSON after they returned, reads after writes,
 * and async bodies.
 */
@RestController
public class NoteController {
  private final NoteService service;
  private final NoteRepository notes;

  public NoteController(NoteService service, NoteRepository notes) {
    this.service = service;
    this.notes = notes;
  }

  @GetMapping("/notes/{id}")
  ResponseEntity<Note> readOnlyTransactional(@PathVariable long id) {
    return ResponseEntity.of(service.find(id));
  }

  @GetMapping("/notes/{id}/read-only-txn")
  ResponseEntity<Note> readOnlyTxn(@PathVariable long id) {
    return ResponseEntity.of(service.findReadOnlyTxn(id));
  }

  /**
   * Read in a snapshot that ends before the body is written: fails, with or without the
   * interceptor.
   */
  @GetMapping("/notes/{id}/own-snapshot")
  ResponseEntity<Note> ownSnapshot(@PathVariable long id) {
    return ResponseEntity.of(service.findInOwnSnapshot(id));
  }

  /** Writes in a @Transactional method, then reads back what it wrote. */
  @PostMapping("/notes/{id}")
  ResponseEntity<Note> save(@PathVariable long id, @RequestBody String body) {
    service.save(new Note(id, "web", body));
    return ResponseEntity.of(service.find(id));
  }

  /** Writes through the repository outside @Transactional, then reads back what it wrote. */
  @PostMapping("/notes/{id}/repository")
  ResponseEntity<Note> saveThroughRepository(@PathVariable long id, @RequestBody String body) {
    notes.save(new Note(id, "web", body));
    return ResponseEntity.of(notes.findById(id));
  }

  /**
   * A body written on an async thread from a note read on the request thread and one read there.
   */
  @GetMapping("/notes/{id}/stream")
  StreamingResponseBody stream(@PathVariable long id) {
    var before = service.find(id).orElseThrow();
    return out -> {
      var again = notes.findById(id).orElseThrow();
      out.write((before.body() + "|" + again.author()).getBytes(StandardCharsets.UTF_8));
    };
  }

  /** A note read on the request thread, handed back from another thread. */
  @GetMapping("/notes/{id}/deferred")
  DeferredResult<Note> deferred(@PathVariable long id) {
    var note = service.find(id).orElseThrow();
    var result = new DeferredResult<Note>();
    Thread.ofVirtual().start(() -> result.setResult(note));
    return result;
  }

  /** A note read on another thread, in that thread's own transaction: dead before it is written. */
  @GetMapping("/notes/{id}/deferred-elsewhere")
  DeferredResult<Note> deferredReadElsewhere(@PathVariable long id) {
    var result = new DeferredResult<Note>();
    Thread.ofVirtual().start(() -> result.setResult(service.findReadOnlyTxn(id).orElseThrow()));
    return result;
  }

  /** Read in a StreamingResponseBody's own transaction, used after it. */
  @GetMapping("/notes/{id}/stream-elsewhere")
  StreamingResponseBody streamReadElsewhere(@PathVariable long id) {
    return out -> {
      var note = service.findInOwnSnapshot(id).orElseThrow();
      out.write(note.body().toString().getBytes(StandardCharsets.UTF_8));
    };
  }
}
