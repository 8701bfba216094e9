package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScopeTest {
  @Test
  void aScopeIsLiveUntilEndedAndNeverAfter() {
    var scope = new Scope("tx-1");
    assertThat(scope.isLive()).isTrue();
    scope.check();
    scope.checkAfterRead();

    scope.end();
    assertThat(scope.isLive()).isFalse();
    assertThatThrownBy(scope::check)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("tx-1")
        .hasMessageContaining("toString()/copy()");
    assertThatThrownBy(scope::checkAfterRead).isInstanceOf(IllegalStateException.class);

    scope.end(); // a second end changes nothing: still ended
    assertThat(scope.isLive()).isFalse();
    assertThat(scope).hasToString("Scope[tx-1, ended]");
  }

  @Test
  void theOwnedScopeNeverEnds() {
    assertThatThrownBy(Scope.OWNED::end).isInstanceOf(IllegalStateException.class);
    assertThat(Scope.OWNED.isLive()).isTrue();
    Scope.OWNED.check();
    Scope.OWNED.checkAfterRead();
  }
}
