package io.kitesql.boot.testapp;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application the @SpringBootTests start: the notes repository and service, everything else
 * auto-configured.
 */
@SpringBootApplication
public class TestApplication {}
