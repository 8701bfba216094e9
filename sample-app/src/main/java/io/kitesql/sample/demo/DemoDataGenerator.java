package io.kitesql.sample.demo;

import io.kitesql.sample.orders.OrderStatuses;
import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * Deterministic, realistic-looking demo values: user names, titles, and bodies of words (some
 * non-ASCII) whose lengths are spread evenly on a log scale between 64 B and 64 KiB.
 */
final class DemoDataGenerator {
  static final int MIN_BODY_CHARS = 64;
  static final int MAX_BODY_CHARS = 64 * 1024;

  private static final List<String> USERS =
      List.of(
          "ada",
          "bob",
          "cyd",
          "dee",
          "eve",
          "fay",
          "gus",
          "hal",
          "ivy",
          "jon",
          "kim",
          "lou",
          "mia",
          "ned",
          "ora",
          "pam",
          "quinn",
          "rae",
          "sam",
          "tia",
          "uma",
          "vic",
          "wes",
          "xena",
          "yuri",
          "zoe",
          "zoë",
          "søren",
          "renée",
          "jürgen",
          "ana_maría",
          "kite_flyer");
  private static final List<String> WORDS =
      List.of(
          "kite",
          "string",
          "wind",
          "tail",
          "spar",
          "sail",
          "bridle",
          "launch",
          "gust",
          "ridge",
          "beach",
          "line",
          "reel",
          "loop",
          "dive",
          "stall",
          "lift",
          "drag",
          "knot",
          "frame",
          "ripstop",
          "nylon",
          "carbon",
          "bamboo",
          "the",
          "a",
          "and",
          "of",
          "to",
          "in",
          "is",
          "it",
          "that",
          "with",
          "on",
          "for",
          "was",
          "as",
          "we",
          "naïve",
          "café",
          "über",
          "façade",
          "Drachen",
          "cerf-volant",
          "凧",
          "✈",
          "🪁",
          "\"quoted\"",
          "back\\slash");
  private static final List<String> TOPICS =
      List.of(
          "Best line for a delta kite",
          "Stunt kite tuning",
          "Flying in light wind",
          "Repairing a torn sail",
          "Kite festivals this summer",
          "Bridle settings explained",
          "Carbon or fibreglass spars?",
          "Beach safety",
          "Kite photography rigs",
          "Building a rokkaku");

  private final SplittableRandom random;

  DemoDataGenerator(long seed) {
    random = new SplittableRandom(seed);
  }

  String user() {
    return USERS.get(random.nextInt(USERS.size()));
  }

  String title(int threadNumber) {
    return TOPICS.get(threadNumber % TOPICS.size()) + " (#" + threadNumber + ")";
  }

  /** A body of 64 to 65,536 chars, log-uniformly distributed; may end mid-word. */
  String body() {
    double exponent =
        Math.log(MIN_BODY_CHARS)
            + random.nextDouble() * (Math.log(MAX_BODY_CHARS) - Math.log(MIN_BODY_CHARS));
    int length = (int) Math.min(MAX_BODY_CHARS, Math.round(Math.exp(exponent)));
    return words(length);
  }

  /** Text of about {@code length} chars (never more, never splitting a surrogate pair). */
  String words(int length) {
    var text = new StringBuilder(length + 16);
    while (text.length() < length) {
      if (!text.isEmpty()) {
        text.append(random.nextInt(12) == 0 ? ". " : " ");
      }
      text.append(WORDS.get(random.nextInt(WORDS.size())));
    }
    int end = length;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // its low surrogate is past the cut: keep no half pair
    }
    return text.substring(0, end);
  }

  /** How many of the remaining posts the next thread gets: 1 to twice the average. */
  int postsForThread(int postsLeft, int threadsLeft) {
    if (threadsLeft == 1) {
      return postsLeft;
    }
    int average = postsLeft / threadsLeft;
    int most = postsLeft - (threadsLeft - 1); // every later thread keeps at least one post
    return Math.min(most, 1 + random.nextInt(Math.max(1, 2 * average - 1)));
  }

  /**
   * Which earlier post of a thread (0-based, below {@code postsSoFar}) the next one replies to, or
   * -1 for a reply to the thread: a fifth go to the thread, the rest mostly to recent posts.
   */
  int parentIndex(int postsSoFar) {
    if (postsSoFar == 0 || random.nextInt(5) == 0) {
      return -1;
    }
    int back = Math.min(postsSoFar, 1 + random.nextInt(Math.min(postsSoFar, 6)));
    return postsSoFar - back;
  }

  int customer(int customers) {
    return 1 + random.nextInt(customers);
  }

  String status() {
    return OrderStatuses.ALL.get(random.nextInt(OrderStatuses.ALL.size()));
  }

  /** 1.00 to 999.99. */
  BigDecimal amount() {
    return BigDecimal.valueOf(100 + random.nextInt(99_900), 2);
  }

  /** An order note of 64 B to 4 KiB, or none (one order in ten). */
  @Nullable String note() {
    return random.nextInt(10) == 0 ? null : words(64 + random.nextInt(4 * 1024 - 64));
  }
}
