// Button: the green LED is on while you hold the button down.
// Try it: light the yellow LED (pin 5) instead, or both.

const int BUTTON_PIN = 2;     // the push button on the trainer board
const int GREEN_LED_PIN = 3;  // the green LED

void setup() {
  // INPUT_PULLUP: the pin reads HIGH on its own, and LOW while the button
  // joins it to ground (GND).
  pinMode(BUTTON_PIN, INPUT_PULLUP);
  pinMode(GREEN_LED_PIN, OUTPUT);
}

void loop() {
  if (digitalRead(BUTTON_PIN) == LOW) {  // LOW means pressed
    digitalWrite(GREEN_LED_PIN, HIGH);
  } else {
    digitalWrite(GREEN_LED_PIN, LOW);
  }
}
