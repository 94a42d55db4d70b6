// The Servo library's usual start: attach with the default pulse range (544-2400 us) and turn to
// the middle.
#include <Servo.h>

Servo myservo;

void setup() {
  Serial.begin(9600);
  myservo.attach(9);
  myservo.write(90);
  Serial.print("read: ");
  Serial.println(myservo.read());
  Serial.print("us: ");
  Serial.println(myservo.readMicroseconds());
}

void loop() {}
