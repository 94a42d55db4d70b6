// Every call of our DHT.h, for the compile test on each board.
#include <DHT.h>

DHT dht11(2, DHT11);
DHT dht12(3, DHT12);
DHT dht21(4, DHT21);
DHT dht22(5, DHT22, 6);
DHT am2302(6, AM2302);

void setup() {
  Serial.begin(9600);
  dht11.begin();
  dht22.begin(55);
  bool ok = dht11.read();
  ok = dht22.read(true) && ok;
  float t = dht21.readTemperature();
  float f = dht21.readTemperature(true, true);
  float h = dht12.readHumidity(true);
  Serial.println(ok);
  Serial.println(dht11.computeHeatIndex(f, h));
  Serial.println(dht11.computeHeatIndex(t, h, false));
  Serial.println(am2302.computeHeatIndex());
  Serial.println(am2302.computeHeatIndex(false));
  Serial.println(dht11.convertCtoF(t) + dht11.convertFtoC(f));
}

void loop() {}
