/** minimal-app's service: a {@code @ReadOnlyTxn} read of a thread. */
package com.example.minimal;
