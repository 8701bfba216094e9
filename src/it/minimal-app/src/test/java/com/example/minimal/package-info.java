/** minimal-app's tests: the repository contract on KiteSQL, zero-copy, meters and the actuator over HTTP. */
package com.example.minimal;
